import { AuthLayout } from '../auth-layout';
import { RegisterForm } from '../register-form';
import { SignedInNotice } from '../signed-in-notice';
import { useSessionUser } from '../../platform/session';

/** Registration (spec section 2: title 'Signup From Here'). Signed in: who, and a way to sign out. */
export default function RegisterPage() {
  const user = useSessionUser();
  return (
    <AuthLayout title="Signup From Here" crumb="Register" heading="Create your account" intro="It takes a minute. We only ask for what we need to greet you and keep in touch.">
      {user ? <SignedInNotice user={user} /> : <RegisterForm />}
    </AuthLayout>
  );
}
