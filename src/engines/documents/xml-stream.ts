import { StringDecoder } from 'node:string_decoder';
import sax, { type QualifiedTag } from 'sax';
import { InvalidDocumentError } from './types';

/** WordprocessingML in its transitional (what Word writes) and strict namespaces. */
const W_URIS = new Set([
  'http://schemas.openxmlformats.org/wordprocessingml/2006/main',
  'http://purl.oclc.org/ooxml/wordprocessingml/main',
]);
const MC_URI = 'http://schemas.openxmlformats.org/markup-compatibility/2006';

export interface XmlElement {
  /** 'w' for WordprocessingML, 'mc' for markup compatibility, else 'other'. */
  ns: 'w' | 'mc' | 'other';
  local: string;
  /** A WordprocessingML attribute (w:val, w:type, …) or undefined. */
  attr(local: string): string | undefined;
}

export interface XmlHandler {
  open(el: XmlElement): void;
  close(el: XmlElement): void;
  text(text: string): void;
}

function element(tag: QualifiedTag): XmlElement {
  return {
    ns: W_URIS.has(tag.uri) ? 'w' : tag.uri === MC_URI ? 'mc' : 'other',
    local: tag.local,
    attr(local) {
      for (const a of Object.values(tag.attributes)) {
        if (a.local === local && W_URIS.has(a.uri)) return a.value;
      }
      return undefined;
    },
  };
}

/**
 * Feeds an XML byte stream through a strict, namespace-aware SAX parser, so
 * the document is never held in memory whole. sax expands only the five
 * predefined entities, so entity bombs are errors, not expansions.
 */
export async function streamXml(chunks: AsyncIterable<Buffer>, partName: string, handler: XmlHandler): Promise<void> {
  const parser = sax.parser(true, { xmlns: true, position: true });
  const stack: XmlElement[] = [];
  let failure: Error | null = null;
  parser.onerror = (err) => {
    failure ??= err;
  };
  parser.onopentag = (tag) => {
    const el = element(tag as QualifiedTag);
    stack.push(el);
    handler.open(el);
  };
  parser.onclosetag = () => {
    const el = stack.pop();
    if (el) handler.close(el);
  };
  parser.ontext = (t) => handler.text(t);
  parser.oncdata = (t) => handler.text(t);

  const malformed = (err: Error) => {
    const reason = err.message.split('\n')[0] ?? 'malformed XML';
    return new InvalidDocumentError(
      `${partName} is not well-formed XML: ${reason} (line ${parser.line + 1}, column ${parser.column + 1})`,
    );
  };
  const decoder = new StringDecoder('utf8');
  let first = true;
  for await (const chunk of chunks) {
    let text = decoder.write(chunk);
    if (first && text.length > 0) {
      text = text.replace(/^\uFEFF/, '');
      first = false;
    }
    parser.write(text);
    if (failure) throw malformed(failure);
  }
  parser.write(decoder.end());
  parser.close();
  if (failure) throw malformed(failure);
}
