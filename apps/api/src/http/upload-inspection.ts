import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/** What the bytes of an upload said while they streamed past, before anything was kept. */
type UploadInspection = {
  size: number;
  /** SHA-256 of the plaintext. */
  sha256: string;
  /** The first bytes, for recognising the type by its signature. */
  head: Buffer;
  /**
   * `text`: every byte is text (UTF-8, or a one-byte encoding such as Windows-1252, as Excel saves CSV)
   * with no markup a browser would run; `markup`: text carrying HTML, SVG, XML or a script; `binary`: anything else.
   */
  text: 'text' | 'markup' | 'binary';
};

const HEAD_BYTES = 64 * 1024;

// Browsers treat text that opens with one of these as a page (WHATWG MIME sniffing), and these tags
// run script wherever they appear; a .txt or .csv carrying them is refused (docs/security.md).
const MARKUP_START =
  /^\s*(<!doctype\s+html|<html|<head|<body|<script|<iframe|<svg|<\?xml|<!--|<(h1|div|font|table|a|style|title|b|br|p)[\s>])/i;
const MARKUP_ANYWHERE =
  /<(script|svg|iframe|html|object|embed|frameset|applet|hta:application|!doctype\s+html|\?xml-stylesheet)[\s>/]/i;
const SHEBANG = /^#!/;
const BYTE_ORDER_MARK = /^\xef\xbb\xbf/;
// Longest pattern above, so a tag split across two network chunks is still seen.
const OVERLAP = 32;
// Control characters no text file has: NUL..BS, SO..US, DEL (tab, newlines and form feed are fine).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding these bytes is the point
const CONTROL_BYTE = /[\x00-\x08\x0e-\x1f\x7f]/;

/**
 * A pass-through stream that hashes, measures and classifies an upload in one pass, however large:
 * the whole file is checked for text, not a sample of it.
 */
export class UploadInspector extends Transform {
  private readonly hash = createHash('sha256');
  private readonly headParts: Buffer[] = [];
  private headBytes = 0;
  private size = 0;
  private verdict: UploadInspection['text'] = 'text';
  private tail = '';
  private started = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.hash.update(chunk);
    this.size += chunk.length;
    if (this.headBytes < HEAD_BYTES) {
      const piece = chunk.subarray(0, HEAD_BYTES - this.headBytes);
      this.headParts.push(piece);
      this.headBytes += piece.length;
    }
    if (this.verdict === 'text') this.inspectText(chunk);
    done(null, chunk);
  }

  private inspectText(chunk: Buffer): void {
    // latin1 maps each byte to one character: markup is ASCII in every encoding a text file may use.
    const view = chunk.toString('latin1');
    if (CONTROL_BYTE.test(view)) {
      this.verdict = 'binary';
      return;
    }
    const window = this.tail + view;
    if (!this.started) {
      const opening = window.replace(BYTE_ORDER_MARK, '');
      if (MARKUP_START.test(opening) || SHEBANG.test(opening)) this.verdict = 'markup';
      this.started = opening.trim().length > 0;
    }
    if (MARKUP_ANYWHERE.test(window)) this.verdict = 'markup';
    this.tail = window.slice(-OVERLAP);
  }

  result(): UploadInspection {
    return {
      size: this.size,
      sha256: this.hash.digest('hex'),
      head: Buffer.concat(this.headParts),
      text: this.verdict,
    };
  }
}
