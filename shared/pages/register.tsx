import { AuthLayout } from '../features/accounts/auth-layout';
import { RegisterForm } from '../features/accounts/register-form';

/** Registration (spec section 2: title 'Signup From Here'). */
export default function RegisterPage() {
  return (
    <AuthLayout title="Signup From Here" crumb="Register" heading="Create your account" intro="It takes a minute. We only ask for what we need to greet you and keep in touch.">
      <RegisterForm />
    </AuthLayout>
  );
}
