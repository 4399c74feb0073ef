// Texts of the team screen, word for word as the product shows them.
export const TEAM_TEXTS = {
  title: 'Team Members',
  subtitle: 'Manage your barbers and managers',
  loading: 'Loading team members…',
  emptyManagers: 'No managers or admins found.',
  emptyBarbers: 'No barbers found.',
  createManager: '+ Create Manager',
  createBarber: '+ Create barber',
  add: 'Add',
  update: 'Update',
  adding: 'Adding...',
  updating: 'Updating...',
  cancel: 'Cancel',
  phonePlaceholder: '123-456-7890',
  enterEmail: 'Please enter email',
  added: 'Barber added successfully!',
  updated: 'Barber updated successfully!',
  error: 'Error',
  noResponse: 'No response received from server',
  deleteTitle: 'Delete this member?',
  deleteText: "This action can't be undone.",
  deleteConfirm: 'Yes, delete',
  deleted: 'Deleted!',
  memberRemoved: 'Member removed.',
  passwordTitle: 'Change Password',
  passwordPlaceholder: 'Type the new password',
  passwordUpdatedTitle: 'Updated!',
  passwordUpdated: 'Member password updated.',
} as const;

/** Said after 'Barber added successfully!': the new member got an email to sign in. */
export const invitationSent = (email: string) => `We emailed ${email} an invitation to sign in.`;
