import { AuthLayout } from '../features/accounts/auth-layout';
import { LoginForm } from '../features/accounts/login-form';

/** Login (spec section 2: title 'Login Page', breadcrumb Login). */
export default function LoginPage() {
  return (
    <AuthLayout title="Login Page" crumb="Login" heading="Welcome back" intro="Sign in to your clinic account with your e-mail address and password, or with Google.">
      <LoginForm />
    </AuthLayout>
  );
}
