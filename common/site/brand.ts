/**
 * The site's own brand: set in Admin → Site settings and used by the layout, page
 * titles and every mail. An install that never set them is 'Tend'.
 */
export type Brand = {
  siteName: string;
  /** an image URL, or '' for none (the name is shown alone) */
  logoUrl: string;
  /** '#rrggbb', buttons and links in the interface and in mails */
  accentColor: string;
  /** the From of every mail: display name and address ('' for the server's MAIL_FROM) */
  senderName: string;
  senderAddress: string;
};

export const DEFAULT_BRAND: Brand = {
  siteName: 'Tend',
  logoUrl: '',
  accentColor: '#15803d',
  senderName: '',
  senderAddress: '',
};
