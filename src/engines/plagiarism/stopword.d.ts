/** The `stopword` package ships no types; only the English list is used here. */
declare module 'stopword' {
  export const eng: string[];
}
