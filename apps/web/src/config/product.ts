export const PRODUCT_NAME = 'Practice Portal';
export const LOGO_URL = '/logo.svg';
/** Spec section 9: a success notice closes itself after this long. */
export const NOTICE_AUTO_CLOSE_MS = 3000;
