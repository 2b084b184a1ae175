// The parts of a catalog that catalog-parts-plugin.ts serves: `virtual:catalog/{language}-{public|shell|screens}`.
declare module 'virtual:catalog/*' {
  const part: Record<string, unknown>;
  export default part;
}
