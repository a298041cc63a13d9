/**
 * The message catalogue of spec section 8, by purpose, as i18n keys (texts in src/i18n). Features
 * refer to these constants rather than spelling keys, so a message exists once in both languages.
 */
export const CLOCK_MESSAGES = {
  alreadyCheckedIn: 'messages.alreadyCheckedIn',
  mustEnterTime: 'messages.mustEnterTime',
  noActiveSchedule: 'messages.noActiveSchedule',
  restDayToday: 'messages.restDayToday',
  restDayOn: 'messages.restDayOn',
  noAttendanceData: 'messages.noAttendanceData',
  alreadyLeftWork: 'messages.alreadyLeftWork',
  alreadyTookBreak: 'messages.alreadyTookBreak',
  didNotStartBreak: 'messages.didNotStartBreak',
  currentlyOnBreak: 'messages.currentlyOnBreak',
  alreadyFinishedBreak: 'messages.alreadyFinishedBreak',
  recordedSuccessfully: 'messages.recordedSuccessfully',
} as const;

export const FACE_MESSAGES = {
  loadingModels: 'messages.loadingModels',
  faceRecognized: 'messages.faceRecognized',
  faceNotRecognized: 'messages.faceNotRecognized',
  imageNotRecognized: 'messages.imageNotRecognized',
  imageUploaded: 'messages.imageUploaded',
} as const;

export const EMPTY_MESSAGES = {
  employees: 'messages.employeesDoNotExist',
  attendance: 'messages.noAttendanceFound',
  schedule: 'messages.noScheduleFound',
  leave: 'messages.noLeaveFound',
  users: 'messages.noUsersFound',
  userIdNotDefined: 'messages.userIdNotDefined',
} as const;

export const GENERAL_MESSAGES = {
  somethingWentWrong: 'errors.somethingWentWrong',
  settingsSaved: 'messages.settingsSaved',
  changesSaved: 'messages.changesSaved',
  cannotBeUndone: 'messages.cannotBeUndone',
  fillAllFields: 'validation.fillAllFields',
} as const;

/** Create, update, delete and discard confirmations (spec section 8). */
export const RECORD_MESSAGES = {
  employee: { created: 'messages.employeeCreated', updated: 'messages.employeeUpdated', deleted: 'messages.employeeDeleted', discarded: 'messages.employeeDiscarded' },
  attendance: { created: 'messages.attendanceCreated', updated: 'messages.attendanceUpdated', deleted: 'messages.attendanceDeleted' },
  schedule: { created: 'messages.scheduleCreated', updated: 'messages.scheduleUpdated', deleted: 'messages.scheduleDeleted', discarded: 'messages.scheduleDiscarded' },
  leave: { created: 'messages.leaveCreated', updated: 'messages.leaveUpdated', deleted: 'messages.leaveDeleted', discarded: 'messages.leaveDiscarded' },
  user: { created: 'messages.userCreated', updated: 'messages.userUpdated', deleted: 'messages.userDeleted', discarded: 'messages.userDiscarded' },
} as const;
