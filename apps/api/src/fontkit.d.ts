// fontkit ships no types; receipt.ts parses its fonts once with it and hands them to PDFKit.
declare module 'fontkit' {
  export interface Font {
    postscriptName: string;
  }
  /** A font file's bytes; a collection (.ttc) needs the PostScript name of the font wanted. */
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
