export { PRODUCT_NAME } from '@portal/contract/product';
export const LOGO_URL = '/logo.svg';
/** A success notice closes itself after this long. */
export const NOTICE_AUTO_CLOSE_MS = 3000;
