import { abujaNow } from '../../shared/platform/clinic-time';

/** The next day the clinic is open (not Saturday) after today, in Abuja, as YYYY-MM-DD. */
export function nextOpenDay(): string {
  let t = Date.parse(`${abujaNow().date}T12:00:00Z`) + 86_400_000;
  while (new Date(t).getUTCDay() === 6) t += 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}
