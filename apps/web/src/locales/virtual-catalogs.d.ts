// The parts of a catalog that catalog-parts-plugin.ts serves: `virtual:catalog/{language}-{public|signed-in}`.
declare module 'virtual:catalog/*' {
  const part: Record<string, unknown>;
  export default part;
}
