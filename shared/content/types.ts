/** An image with real intrinsic dimensions, so layout never shifts and the clinic can swap in photographs later. */
export interface Img {
  /** Absolute path under public/, e.g. "/images/services/chiropractic-therapy.svg". */
  src: string;
  width: number;
  height: number;
  /** Useful alt text; empty string only for purely decorative images. */
  alt: string;
}
