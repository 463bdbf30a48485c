/**
 * An e-mail address as every form takes it: the WHATWG rule for `<input type="email">` (what
 * browsers check), made stricter where the rule is looser than addresses people really have
 * and than a `mailto:` link can carry safely: no `?`, `&`, quotes or backquote in the local part
 * (in a link they start parameters: `ada@x.com?bcc=spy@evil.test` copied a reply elsewhere),
 * no dot at either end of it or two in a row (RFC 5321), at most 64 characters before the @,
 * and a domain of at least two labels ending in letters. ASCII only: an address with another
 * script's domain is typed in its punycode form.
 */
const LOCAL = /^[A-Za-z0-9!#$%*+/=^_{|}~-]+(?:\.[A-Za-z0-9!#$%*+/=^_{|}~-]+)*$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TOP_LEVEL = /^[A-Za-z]{2,63}$|^xn--[A-Za-z0-9-]{1,59}$/;

export function isEmailAddress(value: string): boolean {
  if (value.length > 254) return false;
  const at = value.indexOf('@');
  if (at < 1 || at !== value.lastIndexOf('@')) return false;
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split('.');
  return local.length <= 64 && LOCAL.test(local) && labels.length >= 2 && labels.every((l) => LABEL.test(l)) && TOP_LEVEL.test(labels.at(-1)!);
}

/**
 * A `mailto:` link to one address, every character but its own @ percent-encoded (RFC 6068):
 * even an address stored before the check above cannot add a recipient, a header or a body.
 */
export function mailtoHref(address: string): string {
  const at = address.indexOf('@');
  return at < 0 ? `mailto:${encodeURIComponent(address)}` : `mailto:${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`;
}
