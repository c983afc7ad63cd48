// The profile's calendar feed block's texts (CalendarFeed.tsx), apart so that tests read them without React.
export const CALENDAR_FEED_TEXTS = {
  title: 'Favourites in your calendar',
  intro: 'Subscribe to this private link in your phone’s calendar: your favourite offers show there with their end dates, and a reminder the day before each ends.',
  off: 'No calendar link yet.',
  turnOn: 'Make a calendar link',
  subscribe: 'Open in my calendar app',
  remake: 'Make a new link',
  remakeHint: 'Anyone with the link sees your favourites: make a new one if you shared it by mistake. The old link then stops working.',
  turnOff: 'Turn off',
} as const;
