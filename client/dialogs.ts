// sweetalert2 without its style injector (the production CSP blocks injected <style> tags):
// the ESM build plus its stylesheet, which Vite emits as a file loaded with this chunk.
import 'sweetalert2/dist/sweetalert2.css';
import './dialogs.css';
import Swal from 'sweetalert2/dist/sweetalert2.esm.js';

const base = {
  buttonsStyling: false,
  customClass: { popup: 'clinic-dialog', confirmButton: 'btn btn--primary' },
  returnFocus: true,
} as const;

/** A failure of the identity service, with its message as received (spec section 8). */
export async function showError(message: string): Promise<void> {
  await Swal.fire({ ...base, icon: 'error', title: 'Oops...', text: message, confirmButtonText: 'OK' });
}

export async function showSuccess(title: string, text?: string, confirmButtonText = 'Continue'): Promise<void> {
  await Swal.fire({ ...base, icon: 'success', title, ...(text ? { text } : {}), confirmButtonText });
}

/** A short notice at the top centre that closes itself. */
export async function showTopNotice(title: string, text?: string): Promise<void> {
  await Swal.fire({ ...base, position: 'top', icon: 'success', title, ...(text ? { text } : {}), showConfirmButton: true, confirmButtonText: 'OK', timer: 6000, timerProgressBar: true });
}

/** A rule the form checks before anything is sent (e.g. the password length). */
export async function showWarning(title: string): Promise<void> {
  await Swal.fire({ ...base, icon: 'warning', title, confirmButtonText: 'OK' });
}
