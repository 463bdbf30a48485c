/** Code point ranges [first, last] kept in the web fonts. */
export declare const SUBSET: ReadonlyArray<readonly [number, number]>;
