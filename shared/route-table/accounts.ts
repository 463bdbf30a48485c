import type { PageRoute } from './types';

export const accountsRoutes: PageRoute[] = [
  {
    path: '/login',
    page: 'login',
    meta: { title: 'Login Page', description: 'Sign in to your account at our Abuja chiropractic and wellness clinic, with your e-mail address or Google.' },
  },
  {
    path: '/register',
    page: 'register',
    meta: { title: 'Signup From Here', description: 'Create an account with our Abuja chiropractic and wellness clinic, with your e-mail address or Google.' },
  },
];
