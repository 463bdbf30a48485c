import { useLoaderData } from 'react-router';

interface StaffData {
  staffName: string;
}

/** The staff inbox (the server's loader decides who may see it). */
export default function StaffPage() {
  const { staffName } = useLoaderData() as StaffData;
  return (
    <section className="section" aria-labelledby="staff-heading">
      <div className="container">
        <h1 id="staff-heading">Staff inbox</h1>
        <p>{`Signed in as ${staffName}.`}</p>
      </div>
    </section>
  );
}
