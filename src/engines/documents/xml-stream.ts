import { StringDecoder } from 'node:string_decoder';
import sax, { type Tag } from 'sax';
import { InvalidDocumentError } from './types';

/** WordprocessingML in its transitional (what Word writes) and strict namespaces. */
const W_URIS = new Set(['http://schemas.openxmlformats.org/wordprocessingml/2006/main', 'http://purl.oclc.org/ooxml/wordprocessingml/main']);
const MC_URI = 'http://schemas.openxmlformats.org/markup-compatibility/2006';
const XML_URI = 'http://www.w3.org/XML/1998/namespace';

/**
 * Element nesting allowed, as libxml2 allows by default. Word's deepest
 * structures (tables in tables, content controls, text boxes) stay far
 * below it; a document nested deeper is refused before it costs anything.
 */
export const MAX_XML_DEPTH = 256;
/** Attributes (namespace declarations included) on one element; Word writes a few dozen at most. */
export const MAX_XML_ATTRIBUTES = 1000;

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

/**
 * Prefix bindings in scope. sax's own namespace mode chains one object per
 * declaring element and copies every binding in scope on each close tag, and
 * checks each attribute against all earlier ones of its element: work that
 * grows with the square of a small file's markup. Here each prefix has a
 * stack of URIs, so binding, lookup and unbinding cost the same at any depth.
 */
class NamespaceScopes {
  private readonly bound = new Map<string, string[]>([['xml', [XML_URI]]]);

  lookup(prefix: string): string | undefined {
    const uris = this.bound.get(prefix);
    return uris?.[uris.length - 1];
  }

  /** Binds the element's xmlns attributes; returns the prefixes to unbind when it closes. */
  bind(attributes: Record<string, string>): string[] {
    const prefixes: string[] = [];
    for (const [name, uri] of Object.entries(attributes)) {
      const prefix = name === 'xmlns' ? '' : name.startsWith('xmlns:') ? name.slice(6) : null;
      if (prefix === null) continue;
      const uris = this.bound.get(prefix);
      if (uris) uris.push(uri);
      else this.bound.set(prefix, [uri]);
      prefixes.push(prefix);
    }
    return prefixes;
  }

  unbind(prefixes: readonly string[]): void {
    for (const prefix of prefixes) this.bound.get(prefix)?.pop();
  }
}

function splitName(name: string): { prefix: string; local: string } {
  const colon = name.indexOf(':');
  return colon === -1 ? { prefix: '', local: name } : { prefix: name.slice(0, colon), local: name.slice(colon + 1) };
}

/**
 * Feeds an XML byte stream through a strict SAX parser, so the document is
 * never held in memory whole. sax expands only the five predefined entities,
 * so entity bombs are errors, not expansions. Namespaces are resolved here
 * (see NamespaceScopes), and nesting and attribute counts are capped, so the
 * work stays linear in the size of the XML.
 */
export async function streamXml(chunks: AsyncIterable<Buffer>, partName: string, handler: XmlHandler): Promise<void> {
  const parser = sax.parser(true, { position: true });
  const scopes = new NamespaceScopes();
  const stack: Array<{ el: XmlElement; prefixes: string[] }> = [];
  let attributes = 0;
  let failure: Error | null = null;

  const where = () => `(line ${parser.line + 1}, column ${parser.column + 1})`;
  const malformed = (reason: string) => new InvalidDocumentError(`${partName} is not well-formed XML: ${reason} ${where()}`);
  // Thrown from inside parser.write, which stops the parse at once.
  const refuse = (what: string) => new InvalidDocumentError(`${partName} ${what} ${where()}`);

  const resolve = (prefix: string, name: string): string => {
    const uri = scopes.lookup(prefix);
    if (uri === undefined) throw malformed(`unbound namespace prefix in ${JSON.stringify(name)}`);
    return uri;
  };
  const element = (tag: Tag): XmlElement => {
    const { prefix, local } = splitName(tag.name);
    const uri = prefix === '' ? (scopes.lookup('') ?? '') : resolve(prefix, tag.name);
    // Only WordprocessingML attributes are ever read; unprefixed ones have no namespace.
    const wAttributes = new Map<string, string>();
    for (const [name, value] of Object.entries(tag.attributes)) {
      const split = splitName(name);
      if (split.prefix === '' || split.prefix === 'xmlns') continue;
      if (W_URIS.has(resolve(split.prefix, name))) wAttributes.set(split.local, value);
    }
    return {
      ns: W_URIS.has(uri) ? 'w' : uri === MC_URI ? 'mc' : 'other',
      local,
      attr: (name) => wAttributes.get(name),
    };
  };

  parser.onerror = (err) => {
    failure ??= err;
  };
  parser.onopentagstart = () => {
    if (stack.length >= MAX_XML_DEPTH) throw refuse(`nests elements more than ${MAX_XML_DEPTH} levels deep`);
    attributes = 0;
  };
  parser.onattribute = () => {
    attributes += 1;
    if (attributes > MAX_XML_ATTRIBUTES) throw refuse(`has an element with more than ${MAX_XML_ATTRIBUTES} attributes`);
  };
  parser.onopentag = (tag) => {
    const prefixes = scopes.bind((tag as Tag).attributes);
    const el = element(tag as Tag);
    stack.push({ el, prefixes });
    handler.open(el);
  };
  parser.onclosetag = () => {
    const top = stack.pop();
    if (!top) return;
    handler.close(top.el);
    scopes.unbind(top.prefixes);
  };
  parser.ontext = (t) => handler.text(t);
  parser.oncdata = (t) => handler.text(t);

  const check = () => {
    if (failure) throw malformed(failure.message.split('\n')[0] ?? 'malformed XML');
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
    check();
  }
  parser.write(decoder.end());
  parser.close();
  check();
}
