import { AuthLayout } from '../auth-layout';
import { LoginForm } from '../login-form';
import { SignedInNotice } from '../signed-in-notice';
import { useSessionUser } from '../../platform/session';

/** Login (spec section 2: title 'Login Page', breadcrumb Login). Signed in: who, and a way to sign out. */
export default function LoginPage() {
  const user = useSessionUser();
  return (
    <AuthLayout title="Login Page" crumb="Login" heading="Welcome back" intro="Sign in to your clinic account with your e-mail address and password, or with Google.">
      {user ? <SignedInNotice user={user} /> : <LoginForm />}
    </AuthLayout>
  );
}
