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
];
