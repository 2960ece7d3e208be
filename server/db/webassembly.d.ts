// The one WebAssembly call the migrator makes; declared here so the server's tsconfig needs no DOM types.
declare namespace WebAssembly {
  function instantiate(
    bytes: Uint8Array,
    imports: Record<string, Record<string, unknown>>,
  ): Promise<{ instance: { exports: Record<string, unknown> } }>;
}
