/**
 * Console sign-in (/v1/auth, /v1/invitations): the session, signing in and out, first setup, the password, and
 * accepting an invitation.
 */
import { api } from '../client'
import type { InvitationPreviewView, SessionInfo } from '../contracts'
import { read, seg } from '../read'

/** What an invitation link offers. */
export type InvitationPreview = InvitationPreviewView

export const authApi = {
  session: () => api.get<SessionInfo>('/v1/auth/session'),
  signIn: (body: { email: string; password: string }) => api.post<SessionInfo>('/v1/auth/sign-in', body),
  signOut: () => api.post<unknown>('/v1/auth/sign-out'),
  setup: (body: { token: string; name: string; email: string; password: string }) => api.post<SessionInfo>('/v1/auth/setup', body),
  changePassword: (body: { currentPassword: string; newPassword: string }) => api.put<unknown>('/v1/auth/password', body),
  invitation: (token: string) => read<InvitationPreview>(`/v1/invitations/${seg(token)}`),
  /** A new user names themself; a known one gives only their password. */
  acceptInvitation: (token: string, body: { name?: string; password: string }) => api.post<SessionInfo>(`/v1/invitations/${seg(token)}/accept`, body),
}
