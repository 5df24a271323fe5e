import {
  CLIENT_TEMPLATES,
  MSEM_FIELDS,
  MSME_TYPES,
  REGISTRATION_12AA_FIELDS,
  SEX_OPTIONS,
  TEMPLATE_HEADINGS,
  type TemplateField,
} from '@portal/contract/client-templates';
import type { ClientTemplate } from '@portal/contract/common';
import { formatIndianDate } from '@portal/contract/plain-dates';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { ListingTable, PartnersTable } from './sub-form-tables';

/**
 * How a stored sub-form value reads. The server already masks secrets (Aadhaar `XXXX XXXX 1234`, bank
 * account `XXXX1234`) and never sends a password, only whether one is set.
 */
function formatValue(field: TemplateField, value: unknown, passwordSet: boolean): string {
  if (field.kind === 'password') return field.key === 'password' && passwordSet ? 'Set' : '—';
  const text = value === undefined || value === null ? '' : String(value);
  if (!text) return '—';
  if (field.kind === 'sex') return SEX_OPTIONS.find((option) => option.value === text)?.label ?? text;
  if (field.kind === 'msmeType') return MSME_TYPES.find((option) => option.value === text)?.label ?? text;
  if (field.kind === 'date' || field.kind === 'pastDate') return formatIndianDate(text);
  return text;
}

function isWebAddress(text: string): boolean {
  return /^https?:\/\//i.test(text);
}

function ValueRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Col md={6} className="mb-2">
      <div className="text-muted small">{label}</div>
      <div>{children}</div>
    </Col>
  );
}

/** A client's sub-form answers as read-only label/value rows (a value, or a link for a URL). */
export function AdditionalDataRows({
  template,
  raw,
  passwordSet = false,
}: {
  template: ClientTemplate;
  raw: string | null;
  passwordSet?: boolean;
}) {
  let data: Record<string, unknown> = {};
  try {
    data = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  } catch {
    data = {};
  }
  const definition = CLIENT_TEMPLATES[template];
  const rows = (fields: TemplateField[]) =>
    fields.map((field) => {
      const text = formatValue(field, data[field.key], passwordSet);
      return (
        <ValueRow key={field.key} label={field.label}>
          {isWebAddress(text) ? (
            <a href={text} target="_blank" rel="noopener noreferrer">
              {text}
            </a>
          ) : (
            text
          )}
        </ValueRow>
      );
    });
  const partners = Array.isArray(data.partners) ? (data.partners as Record<string, unknown>[]) : [];
  return (
    <section aria-label={TEMPLATE_HEADINGS[template]}>
      <h2 className="h6 mt-3">{TEMPLATE_HEADINGS[template]}</h2>
      <Row>
        {rows(definition.fields)}
        {definition.registration12aa && rows(REGISTRATION_12AA_FIELDS)}
        {definition.msem && (
          <ValueRow label="MSME registered?">{data.msem === 'yes' ? 'Yes' : data.msem === 'no' ? 'No' : '—'}</ValueRow>
        )}
        {definition.msem && data.msem === 'yes' && rows(MSEM_FIELDS)}
        {definition.partners && (
          <ValueRow label="Number of partners">{String(data.number_of_partners ?? '—')}</ValueRow>
        )}
      </Row>
      {definition.listing && (
        <ListingTable
          bordered
          size="sm"
          className="w-auto"
          cellOf={(row, exchange) =>
            row === 'at'
              ? data[`listed_at_${exchange.key}`] === 'yes'
                ? 'Yes'
                : 'No'
              : formatIndianDate(String(data[`listed_since_${exchange.key}`] ?? '—'))
          }
        />
      )}
      {partners.length > 0 && (
        // Wider than a phone: a region a keyboard can focus and scroll, named for a screen reader.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (WCAG 2.1.1)
        <section className="table-responsive" aria-label="Partners" tabIndex={0}>
          <PartnersTable
            bordered
            size="sm"
            className="mb-0"
            aria-label="Partners"
            count={partners.length}
            cellOf={(field, index) => formatValue(field, partners[index]?.[field.key], false)}
          />
        </section>
      )}
    </section>
  );
}
