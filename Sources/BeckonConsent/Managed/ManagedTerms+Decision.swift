import CGLib

extension ManagedTerms {
    /// The terms file's contents, read as ``TermsDocument/read(path:encoding:deadline:)`` reads them.
    public func document() throws(ManagedTermsError) -> TermsDocument {
        do {
            return try TermsDocument.read(path: file)
        } catch {
            throw .invalid(path: configPath, line: fileLine, key: fileKey, message: error.description)
        }
    }

    /// What the record keeps of these terms when accepted in `login`.
    public func consentDetails(login: LoginSession) -> ConsentDetails {
        ConsentDetails(language: language, file: file, policy: policy, login: login)
    }

    /// Whether the current user must be asked to accept these terms now.
    ///
    /// An acceptance holds when it is of this ``version`` and of the exact
    /// text of `document` (``file`` when nil), and, by ``policy``, in this
    /// `login` or younger than its days. Without a ``gate`` the acceptance is
    /// the record in `store` (the per-user record file). Under a gate it is
    /// never that file, which the user can write, but only the newest accept or
    /// revoke in the system journal by this user (`_UID`) through this very
    /// executable (`_EXE`), both set by journald; its time is journald's
    /// `__REALTIME_TIMESTAMP` and its boot `_BOOT_ID`. A journal that cannot be
    /// read means asking (``TermsAskDecision/Reason/journalUnavailable``).
    public func mustAsk(document: TermsDocument? = nil, store: ConsentStore? = nil,
                        login: LoginSession = .current(), now: Int64 = Int64(g_get_real_time() / 1_000_000))
        throws(ManagedTermsError) -> TermsAskDecision
    {
        let sha256 = if let document { document.sha256 } else { try self.document().sha256 }
        guard gate else {
            let store = if let store { store } else { try standardStore() }
            let record: ConsentRecord?
            do { record = try store.record(id: id) } catch { throw .consentStore(error) }
            guard let record else {
                return TermsAskDecision(reason: .neverAccepted, record: nil, explanation: "never accepted")
            }
            return decide(record, acceptedAt: Self.unixTime(iso8601: record.acceptedAt), sha256: sha256, login: login,
                          now: now)
        }
        let entry: ConsentJournal.Entry?
        do {
            entry = try ConsentJournal.newestTrustedEntry(id: id)
        } catch {
            return TermsAskDecision(reason: .journalUnavailable, record: nil,
                                    explanation: "a gate, and \(error.description): asked again")
        }
        // A revocation is one whatever it carries: `--revoke` with no record
        // file left writes one without the accepted text's digest.
        if let entry, !entry.isAcceptance {
            return TermsAskDecision(reason: .neverAccepted, record: entry.record, explanation: "the acceptance was revoked")
        }
        guard let entry, let record = entry.record else {
            return TermsAskDecision(reason: .noJournalEntry, record: nil,
                                    explanation: "a gate, and no acceptance by this user's beckon in the system journal")
        }
        let seconds = Int64(entry.realtimeMicroseconds / 1_000_000)
        return decide(record, acceptedAt: entry.realtimeMicroseconds == 0 ? nil : seconds, sha256: sha256,
                      login: login, now: now)
    }

    /// Whether `record` still holds for this version, text (`sha256`) and
    /// policy, in `login` at `now`; `acceptedAt` in seconds since the epoch.
    public func decide(_ record: ConsentRecord, acceptedAt: Int64?, sha256: String, login: LoginSession, now: Int64)
        -> TermsAskDecision
    {
        func answer(_ reason: TermsAskDecision.Reason, _ explanation: String) -> TermsAskDecision {
            TermsAskDecision(reason: reason, record: record, explanation: explanation)
        }
        guard record.version == version else {
            return answer(.anotherVersion, "version \(record.version ?? "(none)") was accepted, this is version \(version)")
        }
        guard record.sha256 == sha256 else {
            return answer(.changedText, "version \(version) was accepted, but the text of \(file) differs from the one accepted")
        }
        switch policy {
        case .oncePerVersion:
            return answer(.accepted, "version \(version) was accepted on \(record.acceptedAt)")
        case .everyLogin:
            guard login.isSame(sessionID: record.sessionID, bootID: record.bootID) else {
                return answer(.newLogin, "accepted in another login: asked at every login")
            }
            return answer(.accepted, "version \(version) was accepted in this login")
        case .everyNDays(let days):
            guard let acceptedAt, now - acceptedAt < Int64(days) * 86_400 else {
                return answer(.daysPassed, "\(days) days have passed since the acceptance")
            }
            return answer(.accepted, "version \(version) was accepted less than \(days) days ago")
        }
    }

    private func standardStore() throws(ManagedTermsError) -> ConsentStore {
        do { return try ConsentStore.standard() } catch { throw .consentStore(error) }
    }

    /// Seconds since the epoch of an ISO 8601 time, by GDateTime; nil when it does not parse.
    static func unixTime(iso8601 text: String) -> Int64? {
        guard let time = g_date_time_new_from_iso8601(text, nil) else { return nil }
        defer { g_date_time_unref(time) }
        return Int64(g_date_time_to_unix(time))
    }
}
