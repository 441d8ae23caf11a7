import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Stack, Tabs } from '@mantine/core';
import { useLeaveGuard } from '../../shell/useLeaveGuard.ts';
import { dialogFooterStyle } from '../../shell/dialogs/dialogFooter.ts';
import type { Invitation, PermissionsResponse } from '@headland/domain/api/permissionsApi';
import { HoldingRole, type InvitationAccessLevel } from '@headland/domain/roles';
import { describeApiError } from '../../shell/http/apiClient.ts';
import { useApiClient } from '../../shell/http/ApiClientContext.tsx';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { ConfirmBox } from './ConfirmBox.tsx';
import { CroppingTab } from './CroppingTab.tsx';
import type { DialogViewState } from './HoldingPermissionsDialog.tsx';
import { InvitationsTab } from './InvitationsTab.tsx';
import {
  draftOf,
  hasChanges,
  isSelfRestriction,
  saveRequest,
  withBulk,
  withCell,
  withCroppings,
  withRole,
  type UserDraft,
  type Viewer,
} from './permissionsDraft.ts';
import {
  cancelInvitation,
  savePermissions,
  sendInvitation,
  switchToRestrictedMember,
  useInvitationDelivery,
  withDeliveryOf,
} from './permissionsQueries.ts';
import { PermissionsTab } from './PermissionsTab.tsx';
import { UsersTab } from './UsersTab.tsx';

export interface PermissionsEditorProps {
  data: PermissionsResponse;
  viewState: DialogViewState;
  onViewStateChange(change: Partial<DialogViewState>): void;
  /** Loads the data again; false when that failed. */
  onReload(): Promise<boolean>;
  onClose(): void;
}

type Question =
  | { kind: 'selfRestriction'; userId: number }
  | { kind: 'removal' }
  | { kind: 'resend'; invitation: Invitation }
  | { kind: 'cancelInvitation'; invitation: Invitation };

/** The tab panels, the footer and the confirmations of the dialog, editing one load of the data. */
export function PermissionsEditor({
  data,
  viewState,
  onViewStateChange,
  onReload,
  onClose,
}: PermissionsEditorProps) {
  const { t } = useTranslation();
  const api = useApiClient();
  const session = useAppSession();
  const [drafts, setDrafts] = useState<UserDraft[]>(() => data.users.map(draftOf));
  const [invites, setInvites] = useState<Invitation[]>(data.invites);
  // While an invitation's e-mail waits in the outbox, its status is read again until the mail has left.
  const waitingMail = invites
    .filter((invite) => invite.acceptedOn === null && invite.deliveryStatus === 'queued')
    .map((invite) => `${invite.email}:${invite.issuedOn}`)
    .join('|');
  const delivery = useInvitationDelivery(session.holding.HoldingId, session.yearId, waitingMail);
  const shownInvites = delivery.data ? (withDeliveryOf(invites, delivery.data) ?? invites) : invites;
  const [question, setQuestion] = useState<Question | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const viewer: Viewer = { userId: data.currentUserId, canManage: data.canManage };
  const readOnly = session.readOnly;
  const editable = data.canManage && !readOnly;
  const changed = drafts.some(hasChanges);
  // Back, reload or closing the tab asks first while there are unsaved changes.
  useLeaveGuard(changed, t('screens.leave.unsaved'));
  const { filter, grouping } = viewState;
  const setFilter = (value: string) => onViewStateChange({ filter: value });

  /** What the dialog shows of a failure; null for a conflict, which the shell's conflict dialog shows. */
  const problemText = (error: unknown) => {
    const described = describeApiError(error, false);
    if (described.kind === 'conflict') return null;
    return described.kind === 'message' ? described.message : t('permissions.genericError');
  };

  const update = (userId: number, change: (draft: UserDraft) => UserDraft) => {
    setNotice(null);
    setDrafts((current) => current.map((draft) => (draft.loaded.userId === userId ? change(draft) : draft)));
  };

  const handleRoleChange = (userId: number, role: HoldingRole) => {
    const draft = drafts.find((candidate) => candidate.loaded.userId === userId);
    if (!draft) return;
    if (isSelfRestriction(withRole(draft, role), viewer)) {
      setQuestion({ kind: 'selfRestriction', userId });
      return;
    }
    update(userId, (current) => withRole(current, role, data.ownerPermissions));
  };

  const save = async () => {
    setSaving(true);
    setProblem(null);
    setNotice(null);
    try {
      const croppingIds = data.croppings.map((cropping) => cropping.croppingId);
      const request = saveRequest(data.year, drafts, croppingIds, viewer);
      if (request.users.length > 0) await savePermissions(api, request);
      if (drafts.some((draft) => isSelfRestriction(draft, viewer))) {
        // Only an owner can undo this; the product restarts so that the narrower access applies everywhere.
        await switchToRestrictedMember(api);
        await session.actions.logOut();
        return;
      }
    } catch (error) {
      setProblem(problemText(error));
      setSaving(false);
      return;
    }
    // A successful reload replaces this editor with one on the saved state.
    const reloaded = await onReload();
    if (!reloaded) setProblem(t('permissions.reloadError'));
    setSaving(false);
  };

  const handleSave = () => {
    if (drafts.some((draft) => draft.deleted)) setQuestion({ kind: 'removal' });
    else void save();
  };

  const handleCancel = () => {
    setProblem(null);
    setNotice(null);
    setDrafts(data.users.map(draftOf));
  };

  const handleRefresh = async () => {
    setProblem(null);
    setNotice(null);
    if (!(await onReload())) setProblem(t('permissions.reloadError'));
  };

  const handleSend = async (email: string, accessLevel: InvitationAccessLevel) => {
    setProblem(null);
    setNotice(null);
    try {
      setInvites(await sendInvitation(api, { email, accessLevel }));
    } catch {
      // The general error handler has shown what went wrong.
      return false;
    }
    setNotice(t('permissions.invitations.sent', { email }));
    return true;
  };

  const handleAnswer = async (current: Question) => {
    setQuestion(null);
    switch (current.kind) {
      case 'selfRestriction':
        update(current.userId, (draft) =>
          withRole(draft, HoldingRole.RestrictedMember, data.ownerPermissions),
        );
        return;
      case 'removal':
        await save();
        return;
      case 'resend': {
        const { email, accessLevel } = current.invitation;
        setProblem(null);
        try {
          setInvites(await sendInvitation(api, { email, accessLevel }));
          setNotice(t('permissions.invitations.sentAgain', { email }));
        } catch {
          // Shown by the general error handler.
        }
        return;
      }
      case 'cancelInvitation': {
        const { email } = current.invitation;
        setProblem(null);
        try {
          setInvites(await cancelInvitation(api, email));
          setNotice(t('permissions.invitations.cancelled', { email }));
        } catch (error) {
          setProblem(problemText(error));
        }
        return;
      }
    }
  };

  const questionBox = (current: Question) => {
    const answer = () => void handleAnswer(current);
    const decline = () => setQuestion(null);
    switch (current.kind) {
      case 'selfRestriction':
        return (
          <ConfirmBox
            title={t('permissions.selfRestriction.title')}
            message={t('permissions.selfRestriction.message')}
            onConfirm={answer}
            onDecline={decline}
          />
        );
      case 'removal': {
        const names = drafts.filter((draft) => draft.deleted).map((draft) => draft.loaded.displayName);
        return (
          <ConfirmBox
            title={t('permissions.removal.title')}
            message={t('permissions.removal.message', { names: names.join(', ') })}
            confirmLabel={t('permissions.removal.confirm')}
            declineLabel={t('permissions.removal.decline')}
            danger
            onConfirm={answer}
            onDecline={decline}
          />
        );
      }
      case 'resend':
        return (
          <ConfirmBox
            title={t('permissions.invitations.resendTitle')}
            message={t('permissions.invitations.resendMessage', { email: current.invitation.email })}
            onConfirm={answer}
            onDecline={decline}
          />
        );
      case 'cancelInvitation':
        return (
          <ConfirmBox
            title={t('permissions.invitations.cancelTitle')}
            message={t('permissions.invitations.cancelMessage', { email: current.invitation.email })}
            danger
            onConfirm={answer}
            onDecline={decline}
          />
        );
    }
  };

  return (
    <Stack>
      <Tabs.Panel value="users">
        <UsersTab
          drafts={drafts}
          viewer={viewer}
          readOnly={readOnly}
          filter={filter}
          onFilterChange={setFilter}
          onRoleChange={handleRoleChange}
          onToggleRemove={(userId) => update(userId, (draft) => ({ ...draft, deleted: !draft.deleted }))}
        />
      </Tabs.Panel>
      <Tabs.Panel value="permissions">
        <PermissionsTab
          drafts={drafts}
          holdingFeatures={data.holdingFeatures}
          ownerPermissions={data.ownerPermissions}
          editable={editable}
          owner={data.canManage}
          filter={filter}
          onFilterChange={setFilter}
          onCellChange={(userId, id, cell) =>
            update(userId, (draft) => withCell(draft, id, cell, data.ownerPermissions))
          }
          onBulkChange={(userId, group, level) =>
            update(userId, (draft) =>
              withBulk(draft, group, level, data.holdingFeatures, data.ownerPermissions),
            )
          }
        />
      </Tabs.Panel>
      {data.canManage && (
        <>
          <Tabs.Panel value="cropping">
            <CroppingTab
              drafts={drafts}
              croppings={data.croppings}
              year={data.year}
              editable={editable}
              grouping={grouping}
              onGroupingChange={(value) => onViewStateChange({ grouping: value })}
              filter={filter}
              onFilterChange={setFilter}
              onAnyCroppingChange={(userId, any) =>
                update(userId, (draft) => ({ ...draft, restrictCroppingAccess: !any }))
              }
              onCroppingsChange={(userId, ids, authorized) =>
                update(userId, (draft) => withCroppings(draft, ids, authorized))
              }
            />
          </Tabs.Panel>
          <Tabs.Panel value="invitations">
            <InvitationsTab
              invites={shownInvites}
              readOnly={readOnly}
              filter={filter}
              onFilterChange={setFilter}
              onSend={handleSend}
              onResend={(invitation) => setQuestion({ kind: 'resend', invitation })}
              onCancel={(invitation) => setQuestion({ kind: 'cancelInvitation', invitation })}
            />
          </Tabs.Panel>
        </>
      )}
      {notice && (
        <Alert color="green" role="status">
          {notice}
        </Alert>
      )}
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      <Group justify="flex-end" style={dialogFooterStyle}>
        {changed ? (
          <>
            <Button variant="default" onClick={handleCancel} disabled={saving}>
              {t('permissions.cancel')}
            </Button>
            <Button onClick={handleSave} loading={saving}>
              {t('permissions.save')}
            </Button>
          </>
        ) : (
          <>
            {data.canManage && (
              <Button variant="default" onClick={() => void handleRefresh()}>
                {t('permissions.refresh')}
              </Button>
            )}
            <Button onClick={onClose}>{t('permissions.close')}</Button>
          </>
        )}
      </Group>
      {question && questionBox(question)}
    </Stack>
  );
}
