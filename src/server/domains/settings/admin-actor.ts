// Who made a settings change, as the audit line names them: the signed-in admin.
export interface AdminActor {
  id: string;
  email: string;
}
