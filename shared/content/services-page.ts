/** Copy shared by the service pages: the contact banner and the detail page labels. */
export const serviceContactBanner = {
  title: 'Not sure which service is right for you?',
  text: 'Tell us what is troubling you and we will suggest where to start. A first conversation costs nothing.',
  linkLabel: 'Contact the clinic',
};

export const serviceDetailCopy = {
  pointsTitle: 'What a visit involves',
  moreServicesTitle: 'More Services',
  disclaimer: 'This page is general information, not a diagnosis. Please see a doctor urgently if you have severe or sudden pain, numbness in the groin area, or loss of bladder or bowel control.',
};
