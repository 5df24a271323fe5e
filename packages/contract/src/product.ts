/** The portal's name: the web's title and logo text, and the name mail is sent in. */
export const PRODUCT_NAME = 'Practice Portal';
