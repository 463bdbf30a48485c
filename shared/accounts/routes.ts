import type { PageRoute } from '../platform/page-route';

export const accountsRoutes: PageRoute[] = [
  {
    path: '/login',
    page: 'accounts/login',
    serverAction: true,
    meta: { title: 'Login Page', description: 'Sign in to your account at our Abuja chiropractic and wellness clinic, with your e-mail address or Google.' },
  },
  {
    path: '/register',
    page: 'accounts/register',
    serverAction: true,
    meta: { title: 'Signup From Here', description: 'Create an account with our Abuja chiropractic and wellness clinic, with your e-mail address or Google.' },
  },
  // A signed-in patient's own page: decided on the server, never cached or indexed.
  {
    path: '/account',
    page: 'accounts/account',
    serverLoader: true,
    handle: { private: true },
    meta: { title: 'Your account', description: 'Your visits to the clinic, upcoming and past.' },
  },
];
