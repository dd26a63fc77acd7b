/** The texts of the screens after a session (attendance and the rating card). */
export const AFTER_TEXTS = {
  attendance: 'Attendance',
  attendanceOf: (name: string) => `Did ${name} attend?`,
  loadingAttendance: 'Loading attendance…',
  attendanceFailed: 'We could not load who attended.',
  nobodyBooked: 'Nobody booked this session.',
  joined: 'Joined via the link',
  markFailed: (name: string) => `We could not save ${name}'s attendance. Try again.`,
  ratings: 'Ratings',
  averageOf: (average: number, count: number) =>
    `Rated ${average.toFixed(1)} of 5 by ${count} ${count === 1 ? 'member' : 'members'}`,
  howWasIt: (name: string) => `How was ${name}?`,
  withFacilitator: (name: string) => `with ${name}`,
  rating: 'Your rating',
  stars: (n: number) => `${n} of 5`,
  comment: 'Anything to add? (optional)',
  send: 'Send rating',
  chooseRating: 'Choose 1 to 5.',
  thanks: 'Thank you for your rating',
  rateFailed: 'We could not send your rating. Try again.',
};
