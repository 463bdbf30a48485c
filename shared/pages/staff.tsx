import { useLoaderData } from 'react-router';
import { Section } from '../ui/section';

interface StaffData {
  staffName: string;
}

/** The staff inbox (the server's loader decides who may see it). */
export default function StaffPage() {
  const { staffName } = useLoaderData() as StaffData;
  return (
    <Section headingId="staff-heading">
      <h1 id="staff-heading">Staff inbox</h1>
      <p>{`Signed in as ${staffName}.`}</p>
    </Section>
  );
}
