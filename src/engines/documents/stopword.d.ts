// The stopword package ships no type declarations; only its per-language lists are used here.
declare module 'stopword' {
  const lists: Record<string, readonly string[] | undefined>;
  export = lists;
}
