// The pages of this example share one configuration: hosted login against the server this page comes from.
// A module script runs before the element scripts after it, so the elements start with these options.
const routes = {
  authenticatedUrl: '/examples/hosted/',
  loginUrl: '/examples/hosted/login/',
  hostedLoginRedirectUrl: '/examples/hosted/callback/',
};
for (const element of document.querySelectorAll('fe-login-box, fe-admin-portal')) {
  element.setAttribute('base-url', location.origin);
  element.setAttribute('hosted-login-box', '');
  element.setAttribute('routes', JSON.stringify(routes));
}
