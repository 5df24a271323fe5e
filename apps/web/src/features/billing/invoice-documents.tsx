import { formatRupees } from '@portal/contract/billing-money';
import { INVOICE_DOCUMENT_PATHS, invoicePdfFileName } from '@portal/contract/invoice-documents';
import type { Invoice } from '@portal/contract/invoices';
import { useInvoiceUpiQr } from './invoices-api';
import { PdfDownloadButton } from './pdf-download-button';

/** The QR as an image the browser draws from the server's SVG. */
const qrImageOf = (svg: string) => `data:image/svg+xml;base64,${btoa(svg)}`;

/**
 * The invoice's PDF, downloaded with the session, and, while something is due, the UPI QR of the balance:
 * scanned from another device, or opened as a link on the phone the client reads it on.
 */
export function InvoiceDocuments({ invoice }: { invoice: Invoice & { upi_link?: string | null } }) {
  const qr = useInvoiceUpiQr(invoice.id, Boolean(invoice.upi_link));
  const svg = qr.data?.svg;
  const link = qr.data?.upi_link;
  return (
    <section aria-label="Documents" className="mb-3">
      <PdfDownloadButton path={INVOICE_DOCUMENT_PATHS.pdf(invoice.id)} fileName={invoicePdfFileName(invoice)} />
      {svg && link && (
        <figure className="mt-3 mb-0 d-flex flex-wrap align-items-center gap-3">
          <img
            src={qrImageOf(svg)}
            alt={`UPI QR code to pay ${formatRupees(invoice.balance_paise)}`}
            className="border rounded invoice-upi-qr"
            width={180}
            height={180}
          />
          <figcaption>
            <p className="mb-1">Scan with any UPI app to pay {formatRupees(invoice.balance_paise)}.</p>
            <a href={link}>Pay by UPI on this phone</a>
          </figcaption>
        </figure>
      )}
    </section>
  );
}
