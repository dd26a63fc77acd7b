/**
 * Leaving Tend for the payment provider's hosted checkout: a full page load, since it lives on
 * another site. An object, so tests can watch where it goes.
 */
export const checkoutRedirect = {
  go(url: string) {
    window.location.assign(url);
  },
};
