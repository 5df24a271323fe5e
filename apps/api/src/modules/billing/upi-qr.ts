import qrcode from 'qrcode-generator';

/**
 * A QR code's modules, row by row (true: dark), for text such as a `upi://pay` link: the PDF draws them as
 * squares (a vector, sharp at any zoom), and a test reads them back as an image. Error correction M, as
 * UPI apps print on invoices and counters.
 */
export function buildQrModules(text: string): boolean[][] {
  const code = qrcode(0, 'M');
  code.addData(text, 'Byte');
  code.make();
  const size = code.getModuleCount();
  return Array.from({ length: size }, (_, row) =>
    Array.from({ length: size }, (_, column) => code.isDark(row, column)),
  );
}

/** The same QR as an SVG image (the client's invoice page shows it; scalable, with a quiet zone). */
export function renderQrSvg(text: string): string {
  const code = qrcode(0, 'M');
  code.addData(text, 'Byte');
  code.make();
  return code.createSvgTag({ cellSize: 4, margin: 16, scalable: true });
}
