// The camera's barcode reader, loaded only when staff open the camera (docs/decisions/093): the
// browser's own BarcodeDetector where it has one, else the barcode-detector ponyfill over ZXing's
// WebAssembly reader. The .wasm file is part of our build (Vite's `?url` import gives its hashed
// address on this site), so nothing is fetched from a CDN.

/** Retail barcodes: what a GTIN is printed as. */
export const RETAIL_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'itf'] as const;

export interface DetectedCode {
  rawValue: string;
  format: string;
}

export interface Detector {
  detect(source: HTMLVideoElement): Promise<DetectedCode[]>;
}

interface DetectorClass {
  new (options?: { formats?: string[] }): Detector;
  getSupportedFormats?: () => Promise<string[]>;
}

export async function createDetector(): Promise<Detector> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (Native) {
    const supported = (await Native.getSupportedFormats?.()) ?? [...RETAIL_FORMATS];
    const formats = RETAIL_FORMATS.filter((f) => supported.includes(f));
    if (formats.length > 0) return new Native({ formats });
  }
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
    fireImmediately: false,
  });
  return new BarcodeDetector({ formats: [...RETAIL_FORMATS] }) as Detector;
}
