import { useLoaderData } from 'react-router';
import { appointmentAbout, videos } from '../../content/about';
import { newsIntro } from '../../content/home-variants';
import { PageHeader } from '../../ui/page-header';
import { AboutIntro } from '../../ui/sections/about-intro';
import { BookAppointment } from '../../requests/appointment-forms';
import { BookOnline } from '../../booking/book-online';
import { News, type NewsData } from '../../blog/news';

/** Appointment page, /appoinment (spec section 2). */
export default function AppointmentPage() {
  const { news } = useLoaderData() as NewsData;
  return (
    <>
      <PageHeader title="Appointment" crumbs={[{ label: 'Home', to: '/' }, { label: 'Appointment' }]} />
      <AboutIntro content={appointmentAbout} media={{ kind: 'video', video: videos.appointment }} priority />
      <BookOnline />
      <BookAppointment />
      <News posts={news} {...newsIntro} />
    </>
  );
}
