import { GST_RATES_BP, SAC_CODES } from '@portal/contract/billing';
import type { SelectOption } from '../../components/select-options';

/** The GST rates a fee or a line may carry, as a select's choices ("18 %"). */
export const GST_RATE_OPTIONS: SelectOption[] = GST_RATES_BP.map((rate) => ({
  value: String(rate),
  label: `${rate / 100} %`,
}));

/** The SAC codes of legal and accounting services, as a select's choices ("998231 · Corporate tax ..."). */
export const SAC_OPTIONS: SelectOption[] = SAC_CODES.map((entry) => ({
  value: entry.code,
  label: `${entry.code} · ${entry.label}`,
}));
