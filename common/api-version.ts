/**
 * The version of the contract between the API and the web app, sent on every API answer
 * (`API_VERSION_HEADER`). Raise it by one when a call changes in a way an app built before the
 * change would misread: a field removed, renamed or given another meaning, a path moved. An app
 * that sees another number than its own stops using its shell and reloads into the server's
 * (web/app/app-update.ts); new optional fields and new calls keep the number.
 */
export const API_CONTRACT_VERSION = 1;
