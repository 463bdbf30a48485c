// The ESM build of sweetalert2 without injected styles has the package's own types.
declare module 'sweetalert2/dist/sweetalert2.esm.js' {
  import Swal from 'sweetalert2';
  export default Swal;
}
