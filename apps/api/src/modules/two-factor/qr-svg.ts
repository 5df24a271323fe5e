import qrcode from 'qrcode-generator';

/** The otpauth URI as an SVG QR code (medium error correction), drawn on the server: the web shows it as an image. */
export function renderQrSvg(text: string): string {
  const code = qrcode(0, 'M');
  code.addData(text);
  code.make();
  return code.createSvgTag({ cellSize: 4, margin: 16, scalable: true });
}
