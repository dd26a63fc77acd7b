/**
 * Leaving Tend for the payment provider's hosted pages (checkout, billing portal): a full page
 * load, since Stripe lives on another site. An object, so tests can watch where it goes.
 */
export const paymentRedirect = {
  go(url: string) {
    window.location.assign(url);
  },
};
