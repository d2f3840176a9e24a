// Tests read many JSON bodies whose shape they then assert field by field; typing each one is noise.
declare global {
  interface Response {
    json(): Promise<any>;
  }
}
export {};
