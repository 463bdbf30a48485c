/** /staff/bookings/:reference/course: the patient's course planning page, for staff booking on their behalf (its data says which). */
export { default } from './course-plan';
