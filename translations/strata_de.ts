<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>Application</name>
    <message>
        <location filename="../app/application.cpp" line="41"/>
        <source>Chats cannot be saved in this session: %1</source>
        <translation>Chats können in dieser Sitzung nicht gespeichert werden: %1</translation>
    </message>
</context>
<context>
    <name>BuildFeatures</name>
    <message>
        <location filename="../ui/build_features.cpp" line="17"/>
        <source>architectures %1; %2</source>
        <translation>Architekturen %1; %2</translation>
    </message>
    <message>
        <location filename="../ui/build_features.cpp" line="23"/>
        <source>SDK found; the Vulkan back-end is not written yet</source>
        <translation>SDK gefunden; das Vulkan-Backend gibt es noch nicht</translation>
    </message>
    <message>
        <source>GPUs: none (%1)</source>
        <translation>GPUs: keine (%1)</translation>
    </message>
</context>
<context>
    <name>ChatStore</name>
    <message>
        <location filename="../domain/storage/chat_schema.cpp" line="51"/>
        <source>the chat database has schema version %1, but this Strata knows only up to %2; it was written by a newer Strata</source>
        <translation>die Chat-Datenbank hat die Schemaversion %1, dieses Strata kennt nur bis %2; sie wurde von einem neueren Strata geschrieben</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_schema.cpp" line="67"/>
        <source>migration to schema version %1 failed: %2</source>
        <translation>die Migration auf Schemaversion %1 ist fehlgeschlagen: %2</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="75"/>
        <source>%1: %2: %3</source>
        <translation>%1: %2: %3</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="84"/>
        <location filename="../domain/storage/chat_store.cpp" line="92"/>
        <source>cannot open the chat database</source>
        <translation>die Chat-Datenbank kann nicht geöffnet werden</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="84"/>
        <source>Qt&apos;s SQLite driver (QSQLITE) is not installed</source>
        <translation>Der SQLite-Treiber von Qt (QSQLITE) ist nicht installiert</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="101"/>
        <location filename="../domain/storage/chat_store.cpp" line="107"/>
        <source>not a usable chat database</source>
        <translation>keine verwendbare Chat-Datenbank</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="137"/>
        <source>cannot create a conversation</source>
        <translation>ein Chat kann nicht angelegt werden</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="154"/>
        <source>cannot rename conversation %1</source>
        <translation>Chat %1 kann nicht umbenannt werden</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="173"/>
        <source>cannot delete conversation %1</source>
        <translation>Chat %1 kann nicht gelöscht werden</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="188"/>
        <source>cannot save the settings of conversation %1</source>
        <translation>die Einstellungen von Chat %1 können nicht gespeichert werden</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="203"/>
        <source>cannot save the model of conversation %1</source>
        <translation>das Modell von Chat %1 kann nicht gespeichert werden</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="238"/>
        <source>cannot list conversations</source>
        <translation>die Chats können nicht aufgelistet werden</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="291"/>
        <source>cannot save a message in conversation %1</source>
        <translation>eine Nachricht in Chat %1 kann nicht gespeichert werden</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="311"/>
        <source>cannot save message %1</source>
        <translation>Nachricht %1 kann nicht gespeichert werden</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="326"/>
        <source>cannot read conversation %1</source>
        <translation>Chat %1 kann nicht gelesen werden</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="352"/>
        <source>cannot delete messages of conversation %1</source>
        <translation>Nachrichten von Chat %1 können nicht gelöscht werden</translation>
    </message>
</context>
<context>
    <name>CommandLine</name>
    <message>
        <location filename="../app/command_line.cpp" line="13"/>
        <source>Strata: run large language models locally.</source>
        <translation>Strata: große Sprachmodelle lokal ausführen.</translation>
    </message>
    <message>
        <location filename="../app/command_line.cpp" line="17"/>
        <source>Print the version and build features, then exit.</source>
        <translation>Version und Build-Funktionen ausgeben, dann beenden.</translation>
    </message>
</context>
<context>
    <name>strata::app::AbController</name>
    <message>
        <location filename="../app/ab/ab_controller.cpp" line="23"/>
        <source>Done: %1 measured runs.</source>
        <translation>Fertig: %1 gemessene Läufe.</translation>
    </message>
    <message>
        <location filename="../app/ab/ab_controller.cpp" line="25"/>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <location filename="../app/ab/ab_controller.cpp" line="26"/>
        <source>The A/B run failed: %1</source>
        <translation>Der A/B-Vergleich ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location filename="../app/ab/ab_controller.cpp" line="87"/>
        <source>Saved %1.</source>
        <translation>%1 gespeichert.</translation>
    </message>
    <message>
        <location filename="../app/ab/ab_controller.cpp" line="88"/>
        <source>Could not save %1: %2</source>
        <translation>%1 konnte nicht gespeichert werden: %2</translation>
    </message>
</context>
<context>
    <name>strata::app::AbRunner</name>
    <message>
        <location filename="../app/ab/ab_runner.cpp" line="66"/>
        <source>opening the model for %n configuration(s)</source>
        <translation>das Modell für %n Konfiguration(en) wird geöffnet</translation>
    </message>
    <message>
        <location filename="../app/ab/ab_runner.cpp" line="92"/>
        <source>warm-up %1</source>
        <translation>Aufwärmen %1</translation>
    </message>
    <message>
        <location filename="../app/ab/ab_runner.cpp" line="103"/>
        <source>run %1 of %2 (%3)</source>
        <translation>Lauf %1 von %2 (%3)</translation>
    </message>
    <message>
        <location filename="../app/ab/ab_runner.cpp" line="113"/>
        <source>done</source>
        <translation>fertig</translation>
    </message>
    <message>
        <location filename="../app/ab/ab_runner.cpp" line="116"/>
        <source>Not enough memory to open the model for each configuration of an A/B run.</source>
        <translation>Nicht genug Speicher, um das Modell für jede Konfiguration eines A/B-Vergleichs zu öffnen.</translation>
    </message>
</context>
<context>
    <name>strata::app::ChatCoordinator</name>
    <message>
        <location filename="../app/chat_coordinator.cpp" line="314"/>
        <source>Document read: %1 tokens at %2 tok/s. Ask about it.</source>
        <translation>Dokument gelesen: %1 Tokens mit %2 Tok/s. Stellen Sie Fragen dazu.</translation>
    </message>
    <message>
        <location filename="../app/chat_coordinator.cpp" line="363"/>
        <source>Could not load the model %1.
%2</source>
        <translation>Das Modell %1 konnte nicht geladen werden.
%2</translation>
    </message>
    <message>
        <location filename="../app/chat_coordinator.cpp" line="394"/>
        <source>Chats could not be saved: %1</source>
        <translation>Chats konnten nicht gespeichert werden: %1</translation>
    </message>
</context>
<context>
    <name>strata::domain::ConversationListModel</name>
    <message>
        <location filename="../domain/storage/conversation_list_model.cpp" line="27"/>
        <source>New chat</source>
        <translation>Neuer Chat</translation>
    </message>
    <message>
        <location filename="../domain/storage/conversation_list_model.cpp" line="32"/>
        <source>%1
Last change: %2</source>
        <translation>%1
Zuletzt geändert: %2</translation>
    </message>
</context>
<context>
    <name>strata::app::EngineController</name>
    <message>
        <location filename="../app/engine/engine_controller.cpp" line="74"/>
        <source>The file %1 does not exist.</source>
        <translation>Die Datei %1 existiert nicht.</translation>
    </message>
    <message>
        <location filename="../app/engine/engine_controller.cpp" line="78"/>
        <source>The file %1 cannot be read.</source>
        <translation>Die Datei %1 kann nicht gelesen werden.</translation>
    </message>
    <message>
        <location filename="../app/engine/engine_controller.cpp" line="125"/>
        <source>No model is loaded. Open a GGUF model to chat.</source>
        <translation>Es ist kein Modell geladen. Öffnen Sie ein GGUF-Modell, um zu chatten.</translation>
    </message>
    <message>
        <location filename="../app/engine/engine_values.cpp" line="101"/>
        <source>%1 · %2 · %3 parameters · %4 layers · context %5 tokens · KV cache %6</source>
        <translation>%1 · %2 · %3 Parameter · %4 Schichten · Kontext %5 Tokens · KV-Cache %6</translation>
    </message>
</context>
<context>
    <name>strata::domain::AbConfig</name>
    <message>
        <location filename="../domain/ab/ab_types.cpp" line="10"/>
        <source>threads: %1</source>
        <translation>Threads: %1</translation>
    </message>
    <message>
        <location filename="../domain/ab/ab_types.cpp" line="11"/>
        <source>threads: physical cores</source>
        <translation>Threads: physische Kerne</translation>
    </message>
</context>
<context>
    <name>strata::ui::AbConfigEditor</name>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="13"/>
        <source>Adaptive</source>
        <translation>Adaptiv</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="14"/>
        <source>Fixed spin</source>
        <translation>Fester Spin</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="15"/>
        <source>Park at once</source>
        <translation>Sofort schlafen legen</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="16"/>
        <source>%1: waiting policy</source>
        <translation>%1: Wartestrategie</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="19"/>
        <source> µs</source>
        <translation> µs</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="20"/>
        <source>%1: spin time in microseconds</source>
        <translation>%1: Spin-Zeit in Mikrosekunden</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="22"/>
        <source>physical cores</source>
        <translation>physische Kerne</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="23"/>
        <source>%1: threads</source>
        <translation>%1: Threads</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="26"/>
        <source>%1: KV cache type</source>
        <translation>%1: KV-Cache-Typ</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="29"/>
        <source>&amp;Waiting:</source>
        <translation>&amp;Warten:</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="30"/>
        <source>S&amp;pin time:</source>
        <translation>S&amp;pin-Zeit:</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="31"/>
        <source>&amp;Threads:</source>
        <translation>&amp;Threads:</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="32"/>
        <source>&amp;KV cache:</source>
        <translation>&amp;KV-Cache:</translation>
    </message>
</context>
<context>
    <name>strata::ui::AbDialog</name>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="56"/>
        <source>Configuration A</source>
        <translation>Konfiguration A</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="57"/>
        <source>Configuration B</source>
        <translation>Konfiguration B</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="58"/>
        <source>&amp;Start</source>
        <translation>&amp;Starten</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="59"/>
        <source>&amp;Cancel run</source>
        <translation>Lauf a&amp;bbrechen</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="60"/>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="60"/>
        <source>Config</source>
        <translation>Konfig.</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="60"/>
        <location filename="../ui/ab/ab_dialog.cpp" line="87"/>
        <source>Prefill tok/s</source>
        <translation>Prefill Tok/s</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="60"/>
        <location filename="../ui/ab/ab_dialog.cpp" line="87"/>
        <source>Decode tok/s</source>
        <translation>Decode Tok/s</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="60"/>
        <location filename="../ui/ab/ab_dialog.cpp" line="87"/>
        <source>Process CPU %</source>
        <translation>Prozess-CPU %</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="61"/>
        <location filename="../ui/ab/ab_dialog.cpp" line="88"/>
        <source>Completion wait p50 (µs)</source>
        <translation>Abschlusswarten p50 (µs)</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="63"/>
        <source>Median</source>
        <translation>Median</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="63"/>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="63"/>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="63"/>
        <source>B/A</source>
        <translation>B/A</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="64"/>
        <source>Export &amp;CSV…</source>
        <translation>&amp;CSV exportieren…</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="64"/>
        <source>Export &amp;JSON…</source>
        <translation>&amp;JSON exportieren…</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="67"/>
        <source>A/B run</source>
        <translation>A/B-Vergleich</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="70"/>
        <source>Explain in a few sentences why the sky is blue.</source>
        <translation>Erkläre in wenigen Sätzen, warum der Himmel blau ist.</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="72"/>
        <source>Prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="76"/>
        <source>Repetitions per configuration</source>
        <translation>Wiederholungen pro Konfiguration</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="79"/>
        <source>Tokens per reply</source>
        <translation>Tokens pro Antwort</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="93"/>
        <source>Model:</source>
        <translation>Modell:</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="94"/>
        <source>&amp;Prompt:</source>
        <translation>&amp;Prompt:</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="95"/>
        <source>&amp;Repetitions (each):</source>
        <translation>&amp;Wiederholungen (je):</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="96"/>
        <source>&amp;Tokens per reply:</source>
        <translation>&amp;Tokens pro Antwort:</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="100"/>
        <source>Runs alternate A B A B (the waiting policies: each in turn on A&apos;s model) after one warm-up each. A chat reply generated at the same time shares the CPU and skews the figures.</source>
        <translation>Die Läufe wechseln A B A B (die Warterichtlinien: eine nach der anderen auf dem Modell von A) nach je einem Aufwärmlauf. Eine gleichzeitig erzeugte Chat-Antwort teilt sich die CPU und verfälscht die Zahlen.</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="112"/>
        <source>Cl&amp;ose</source>
        <translation>S&amp;chließen</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="150"/>
        <source>No model loaded: load one in the chat window first.</source>
        <translation>Kein Modell geladen: Laden Sie zuerst eines im Chatfenster.</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="213"/>
        <source>Export A/B run as JSON</source>
        <translation>A/B-Vergleich als JSON exportieren</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="213"/>
        <source>Export A/B run as CSV</source>
        <translation>A/B-Vergleich als CSV exportieren</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="215"/>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="215"/>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="0"/>
        <source>Configuration A against B</source>
        <translation>Konfiguration A gegen B</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="0"/>
        <source>Waiting policies: adaptive, park, fixed 100 µs, fixed 20 ms (A&apos;s threads and KV cache)</source>
        <translation>Warterichtlinien: adaptiv, parken, fest 100 µs, fest 20 ms (Threads und KV-Cache von A)</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="0"/>
        <source>What to compare</source>
        <translation>Was verglichen wird</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="0"/>
        <source>Ratios are to the best fixed policy of this run (park, fixed 100 µs or fixed 20 ms): the fastest prefill, the fastest decode, and that fastest decode&apos;s CPU.</source>
        <translation>Verhältnisse zur besten festen Richtlinie dieses Laufs (parken, fest 100 µs oder fest 20 ms): zum schnellsten Prefill, zum schnellsten Decode und zur CPU dieses schnellsten Decodes.</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="0"/>
        <source>Co&amp;mpare:</source>
        <translation>&amp;Vergleichen:</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="0"/>
        <source>Policy</source>
        <translation>Richtlinie</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="0"/>
        <source>vs best fixed</source>
        <translation>gegen beste feste</translation>
    </message>
</context>
<context>
    <name>strata::ui::AboutDialog</name>
    <message>
        <location filename="../ui/about_dialog.cpp" line="17"/>
        <source>About Strata</source>
        <translation>Über Strata</translation>
    </message>
    <message>
        <location filename="../ui/about_dialog.cpp" line="19"/>
        <source>&lt;h2&gt;Strata %1&lt;/h2&gt;&lt;p&gt;Run large language models locally.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Strata %1&lt;/h2&gt;&lt;p&gt;Große Sprachmodelle lokal ausführen.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../ui/about_dialog.cpp" line="22"/>
        <source>Qt %1 (built with %2)</source>
        <translation>Qt %1 (gebaut mit %2)</translation>
    </message>
    <message>
        <location filename="../ui/about_dialog.cpp" line="30"/>
        <source>Feature</source>
        <translation>Funktion</translation>
    </message>
    <message>
        <location filename="../ui/about_dialog.cpp" line="30"/>
        <source>Built in</source>
        <translation>Enthalten</translation>
    </message>
    <message>
        <location filename="../ui/about_dialog.cpp" line="30"/>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <location filename="../ui/about_dialog.cpp" line="32"/>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <location filename="../ui/about_dialog.cpp" line="32"/>
        <source>no</source>
        <translation>nein</translation>
    </message>
</context>
<context>
    <name>strata::ui::AppearancePage</name>
    <message>
        <location filename="../ui/settings/appearance_page.cpp" line="14"/>
        <source>Theme</source>
        <translation>Design</translation>
    </message>
    <message>
        <location filename="../ui/settings/appearance_page.cpp" line="15"/>
        <location filename="../ui/settings/appearance_page.cpp" line="21"/>
        <source>Follow the system</source>
        <translation>Wie das System</translation>
    </message>
    <message>
        <location filename="../ui/settings/appearance_page.cpp" line="16"/>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <location filename="../ui/settings/appearance_page.cpp" line="17"/>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <location filename="../ui/settings/appearance_page.cpp" line="20"/>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <location filename="../ui/settings/appearance_page.cpp" line="24"/>
        <source>A new language takes effect when Strata starts next.</source>
        <translation>Eine neue Sprache gilt ab dem nächsten Start von Strata.</translation>
    </message>
    <message>
        <location filename="../ui/settings/appearance_page.cpp" line="28"/>
        <source>T&amp;heme:</source>
        <translation>&amp;Design:</translation>
    </message>
    <message>
        <location filename="../ui/settings/appearance_page.cpp" line="29"/>
        <source>&amp;Language:</source>
        <translation>&amp;Sprache:</translation>
    </message>
</context>
<context>
    <name>strata::ui::ChatInput</name>
    <message>
        <location filename="../ui/chat/chat_input.cpp" line="10"/>
        <source>Message</source>
        <translation>Nachricht</translation>
    </message>
    <message>
        <location filename="../ui/chat/chat_input.cpp" line="11"/>
        <source>Write a message. Enter sends, Shift+Enter starts a new line.</source>
        <translation>Nachricht schreiben. Eingabe sendet, Umschalt+Eingabe beginnt eine neue Zeile.</translation>
    </message>
</context>
<context>
    <name>strata::ui::ChatPanel</name>
    <message>
        <location filename="../ui/chat/chat_panel.cpp" line="18"/>
        <source>&amp;Send</source>
        <translation>&amp;Senden</translation>
    </message>
    <message>
        <location filename="../ui/chat/chat_panel.cpp" line="19"/>
        <source>Sto&amp;p</source>
        <translation>Sto&amp;pp</translation>
    </message>
    <message>
        <location filename="../ui/chat/chat_panel.cpp" line="19"/>
        <source>&amp;Regenerate</source>
        <translation>&amp;Neu erzeugen</translation>
    </message>
    <message>
        <location filename="../ui/chat/chat_panel.cpp" line="24"/>
        <source>Document reading progress</source>
        <translation>Fortschritt beim Lesen des Dokuments</translation>
    </message>
    <message>
        <location filename="../ui/chat/chat_panel.cpp" line="25"/>
        <source>Reading document: %p%</source>
        <translation>Dokument wird gelesen: %p%</translation>
    </message>
    <message>
        <location filename="../ui/chat/chat_panel.cpp" line="34"/>
        <source>Editing a message: Enter sends it again and replaces what followed; Esc cancels.</source>
        <translation>Nachricht bearbeiten: Eingabe sendet sie erneut und ersetzt, was folgte; Esc bricht ab.</translation>
    </message>
    <message>
        <location filename="../ui/chat/chat_panel.cpp" line="41"/>
        <source>Stop the reply (Esc)</source>
        <translation>Antwort anhalten (Esc)</translation>
    </message>
    <message>
        <location filename="../ui/chat/chat_panel.cpp" line="42"/>
        <source>Write the last reply again</source>
        <translation>Die letzte Antwort neu schreiben</translation>
    </message>
    <message>
        <location filename="../ui/chat/chat_panel.cpp" line="115"/>
        <source>%1 of %2 tokens, %3 tok/s</source>
        <translation>%1 von %2 Tokens, %3 Tok/s</translation>
    </message>
</context>
<context>
    <name>strata::ui::ChatView</name>
    <message>
        <location filename="../ui/chat/chat_view.cpp" line="16"/>
        <source>Conversation</source>
        <translation>Chatverlauf</translation>
    </message>
    <message>
        <location filename="../ui/chat/chat_view.cpp" line="97"/>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <location filename="../ui/chat/chat_view.cpp" line="97"/>
        <source>Note</source>
        <translation>Hinweis</translation>
    </message>
</context>
<context>
    <name>strata::ui::CodeBlockView</name>
    <message>
        <location filename="../ui/chat/code_block_view.cpp" line="24"/>
        <source>code</source>
        <translation>Code</translation>
    </message>
    <message>
        <location filename="../ui/chat/code_block_view.cpp" line="27"/>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <location filename="../ui/chat/code_block_view.cpp" line="28"/>
        <source>Copy this code</source>
        <translation>Diesen Code kopieren</translation>
    </message>
    <message>
        <location filename="../ui/chat/code_block_view.cpp" line="29"/>
        <source>Copy code</source>
        <translation>Code kopieren</translation>
    </message>
    <message>
        <location filename="../ui/chat/code_block_view.cpp" line="42"/>
        <source>Code</source>
        <translation>Code</translation>
    </message>
</context>
<context>
    <name>strata::ui::ConversationSettingsDialog</name>
    <message>
        <location filename="../ui/chat/conversation_settings_dialog.cpp" line="33"/>
        <source>Chat settings</source>
        <translation>Chat-Einstellungen</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_settings_dialog.cpp" line="37"/>
        <source>For example: You are a concise assistant.</source>
        <translation>Zum Beispiel: Du bist ein knapper Assistent.</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_settings_dialog.cpp" line="40"/>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_settings_dialog.cpp" line="45"/>
        <source>random</source>
        <translation>zufällig</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_settings_dialog.cpp" line="49"/>
        <source>&amp;System prompt:</source>
        <translation>&amp;Systemprompt:</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_settings_dialog.cpp" line="50"/>
        <source>&amp;Temperature:</source>
        <translation>&amp;Temperatur:</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_settings_dialog.cpp" line="51"/>
        <source>Top-&amp;k:</source>
        <translation>Top-&amp;k:</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_settings_dialog.cpp" line="52"/>
        <source>Top-&amp;p:</source>
        <translation>Top-&amp;p:</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_settings_dialog.cpp" line="53"/>
        <source>&amp;Min-p:</source>
        <translation>&amp;Min-p:</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_settings_dialog.cpp" line="54"/>
        <source>&amp;Repeat penalty:</source>
        <translation>&amp;Wiederholungsstrafe:</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_settings_dialog.cpp" line="55"/>
        <source>Ma&amp;x reply tokens:</source>
        <translation>Ma&amp;x. Antwort-Tokens:</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_settings_dialog.cpp" line="56"/>
        <source>S&amp;eed:</source>
        <translation>S&amp;eed:</translation>
    </message>
</context>
<context>
    <name>strata::ui::ConversationSidebar</name>
    <message>
        <location filename="../ui/chat/conversation_sidebar.cpp" line="20"/>
        <source>&amp;New chat</source>
        <translation>&amp;Neuer Chat</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_sidebar.cpp" line="25"/>
        <location filename="../ui/chat/conversation_sidebar.cpp" line="26"/>
        <source>Search chats</source>
        <translation>Chats durchsuchen</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_sidebar.cpp" line="31"/>
        <source>Chats</source>
        <translation>Chats</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_sidebar.cpp" line="37"/>
        <location filename="../ui/chat/conversation_sidebar.cpp" line="101"/>
        <source>Delete chat</source>
        <translation>Chat löschen</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_sidebar.cpp" line="102"/>
        <source>Delete &quot;%1&quot; and all its messages? This cannot be undone.</source>
        <translation>„%1“ und alle seine Nachrichten löschen? Das kann nicht rückgängig gemacht werden.</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_sidebar.cpp" line="106"/>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_sidebar.cpp" line="122"/>
        <source>&amp;Rename</source>
        <translation>&amp;Umbenennen</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_sidebar.cpp" line="123"/>
        <source>&amp;Delete...</source>
        <translation>&amp;Löschen...</translation>
    </message>
</context>
<context>
    <name>strata::ui::EngineSettingsPage</name>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="12"/>
        <source>&amp;Pin worker threads to cores</source>
        <translation>Worker-Threads an Kerne &amp;binden</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="18"/>
        <source>automatic (physical cores: %1)</source>
        <translation>automatisch (physische Kerne: %1)</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="19"/>
        <source>Threads</source>
        <translation>Threads</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="21"/>
        <source>Physical cores on this machine: %1. One thread per physical core is usually fastest: the matrix work is limited by memory bandwidth and each core&apos;s vector units, and a second hardware thread on the same core (SMT) shares both, so it adds waiting, not speed.</source>
        <translation>Physische Kerne auf diesem Rechner: %1. Ein Thread pro physischem Kern ist meist am schnellsten: Die Matrixarbeit ist durch die Speicherbandbreite und die Vektoreinheiten jedes Kerns begrenzt, und ein zweiter Hardware-Thread auf demselben Kern (SMT) teilt sich beides – er bringt Warten, keine Geschwindigkeit.</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="30"/>
        <source>Pinned workers never migrate between cores. This helps on an otherwise idle machine and hurts when other programs need the same cores.</source>
        <translation>Gebundene Worker wechseln nie den Kern. Das hilft auf einem sonst unbeschäftigten Rechner und schadet, wenn andere Programme dieselben Kerne brauchen.</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="36"/>
        <source>the model&apos;s (up to 4096)</source>
        <translation>die des Modells (bis 4096)</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="37"/>
        <location filename="../ui/settings/engine_settings_page.cpp" line="48"/>
        <source> tokens</source>
        <translation> Tokens</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="38"/>
        <source>Context length</source>
        <translation>Kontextlänge</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="41"/>
        <source>f16 (exact)</source>
        <translation>f16 (exakt)</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="42"/>
        <source>q8_0 (half the memory)</source>
        <translation>q8_0 (halber Speicher)</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="43"/>
        <source>KV cache type</source>
        <translation>KV-Cache-Typ</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="49"/>
        <source>Prefill batch size</source>
        <translation>Prefill-Batchgröße</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="52"/>
        <source>&amp;Threads:</source>
        <translation>&amp;Threads:</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="54"/>
        <source>Affinity:</source>
        <translation>Affinität:</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="55"/>
        <source>&amp;Context length:</source>
        <translation>&amp;Kontextlänge:</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="56"/>
        <source>&amp;KV cache type:</source>
        <translation>KV-Cache-&amp;Typ:</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="57"/>
        <source>Prefill &amp;batch size:</source>
        <translation>Prefill-&amp;Batchgröße:</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>GPU %1: %2</source>
        <translation>GPU %1: %2</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Gerät</translation>
    </message>
    <message>
        <source>No GPU the engine can use was found, so models run on the CPU.</source>
        <translation>Es wurde keine GPU gefunden, die die Engine nutzen kann; Modelle laufen auf der CPU.</translation>
    </message>
    <message>
        <source>A model that does not fit on the GPU is not loaded, and the one loaded before stays; Strata does not move it to the CPU by itself. The error says how much VRAM it needs; choose the CPU here to run it there.</source>
        <translation>Ein Modell, das nicht auf die GPU passt, wird nicht geladen, und das zuvor geladene bleibt; Strata weicht nicht selbst auf die CPU aus. Die Fehlermeldung nennt den VRAM-Bedarf; wählen Sie hier die CPU, um es dort auszuführen.</translation>
    </message>
    <message>
        <source>all free VRAM</source>
        <translation>gesamter freier VRAM</translation>
    </message>
    <message>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <source>VRAM budget</source>
        <translation>VRAM-Budget</translation>
    </message>
    <message>
        <source>The most the model may take on the GPU: weights, KV cache and scratch.</source>
        <translation>Höchstens so viel darf das Modell auf der GPU belegen: Gewichte, KV-Cache und Puffer.</translation>
    </message>
    <message>
        <source>&amp;Device:</source>
        <translation>&amp;Gerät:</translation>
    </message>
    <message>
        <source>&amp;VRAM budget:</source>
        <translation>&amp;VRAM-Budget:</translation>
    </message>
    <message>
        <source>GPU %1: not found</source>
        <translation>GPU %1: nicht gefunden</translation>
    </message>
    <message>
        <source>GPU wait</source>
        <translation>GPU-Warten</translation>
    </message>
    <message>
        <source>blocking sync (the host sleeps)</source>
        <translation>blockierend (der Host schläft)</translation>
    </message>
    <message>
        <source>spin (takes a whole core)</source>
        <translation>aktiv warten (belegt einen ganzen Kern)</translation>
    </message>
    <message>
        <source>yield (polls, yielding the core)</source>
        <translation>abgeben (fragt ab und gibt den Kern frei)</translation>
    </message>
    <message>
        <source>How the engine thread waits for each step on the GPU. Blocking sync leaves the core to other work; spinning reacts a little sooner but keeps a core busy.</source>
        <translation>Wie der Engine-Thread auf jeden Schritt der GPU wartet. Blockierend überlässt den Kern anderer Arbeit; aktives Warten reagiert etwas früher, hält aber einen Kern beschäftigt.</translation>
    </message>
    <message>
        <source>GPU &amp;wait:</source>
        <translation>GPU-&amp;Warten:</translation>
    </message>
</context>
<context>
    <name>strata::ui::CpuCoresPanel</name>
    <message>
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="32"/>
        <source>busy</source>
        <translation>beschäftigt</translation>
    </message>
    <message>
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="33"/>
        <source>spinning</source>
        <translation>wartet aktiv</translation>
    </message>
    <message>
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="34"/>
        <source>parked</source>
        <translation>schläft</translation>
    </message>
    <message>
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="35"/>
        <source>starting</source>
        <translation>startet</translation>
    </message>
    <message>
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="36"/>
        <source>stopped</source>
        <translation>beendet</translation>
    </message>
    <message>
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="45"/>
        <source>CPU load per core</source>
        <translation>CPU-Last je Kern</translation>
    </message>
    <message>
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="168"/>
        <source>cell: load · H: engine thread</source>
        <translation>Zelle: Last · H: Engine-Thread</translation>
    </message>
    <message>
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="181"/>
        <source>CPU %1: %2% busy</source>
        <translation>CPU %1: %2% ausgelastet</translation>
    </message>
    <message>
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="182"/>
        <source>CPU %1</source>
        <translation>CPU %1</translation>
    </message>
    <message>
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="183"/>
        <source>CPU %1: offline</source>
        <translation>CPU %1: offline</translation>
    </message>
    <message>
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="185"/>
        <source>
pool worker %1: %2</source>
        <translation>
Pool-Worker %1: %2</translation>
    </message>
    <message>
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="187"/>
        <source>
engine thread (pool host): %1</source>
        <translation>
Engine-Thread (Pool-Host): %1</translation>
    </message>
</context>
<context>
    <name>strata::ui::GpuPanel</name>
    <message>
        <location filename="../ui/panels/gpu_panel.cpp" line="17"/>
        <source>utilisation %</source>
        <translation>Auslastung %</translation>
    </message>
    <message>
        <location filename="../ui/panels/gpu_panel.cpp" line="18"/>
        <source>VRAM %</source>
        <translation>VRAM %</translation>
    </message>
    <message>
        <location filename="../ui/panels/gpu_panel.cpp" line="19"/>
        <source>GPU utilisation and VRAM, last minute</source>
        <translation>GPU-Auslastung und VRAM, letzte Minute</translation>
    </message>
    <message>
        <location filename="../ui/panels/gpu_panel.cpp" line="35"/>
        <source>No NVIDIA driver: GPU figures are not available.</source>
        <translation>Kein NVIDIA-Treiber: keine GPU-Werte verfügbar.</translation>
    </message>
    <message>
        <location filename="../ui/panels/gpu_panel.cpp" line="38"/>
        <source>No GPU figures: %1</source>
        <translation>Keine GPU-Werte: %1</translation>
    </message>
    <message>
        <location filename="../ui/panels/gpu_panel.cpp" line="46"/>
        <source>GPU %1 %2: %3% · VRAM %4 / %5 GiB</source>
        <translation>GPU %1 %2: %3% · VRAM %4 / %5 GiB</translation>
    </message>
    <message>
        <location filename="../ui/panels/gpu_panel.cpp" line="53"/>
        <source> · %1 W</source>
        <translation> · %1 W</translation>
    </message>
    <message>
        <location filename="../ui/panels/gpu_panel.cpp" line="55"/>
        <source> · %1 °C</source>
        <translation> · %1 °C</translation>
    </message>
    <message>
        <source>, Strata %1 GiB</source>
        <translation>, Strata %1 GiB</translation>
    </message>
</context>
<context>
    <name>strata::ui::MainWindow</name>
    <message>
        <location filename="../ui/main_window.cpp" line="40"/>
        <source>Strata</source>
        <translation>Strata</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="43"/>
        <location filename="../ui/main_window.cpp" line="118"/>
        <source>Chat se&amp;ttings...</source>
        <translation>Chat-Einstellun&amp;gen...</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="68"/>
        <location filename="../ui/main_window.cpp" line="190"/>
        <source>No model loaded</source>
        <translation>Kein Modell geladen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="79"/>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="81"/>
        <source>&amp;New chat</source>
        <translation>&amp;Neuer Chat</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="84"/>
        <source>&amp;Open GGUF model...</source>
        <translation>GGUF-Modell ö&amp;ffnen...</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="86"/>
        <source>&amp;Load document...</source>
        <translation>Dokument &amp;laden...</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="89"/>
        <source>&amp;Paste as document</source>
        <translation>Als Dokument ei&amp;nfügen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="95"/>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="98"/>
        <source>&amp;Chat</source>
        <translation>&amp;Chat</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="100"/>
        <source>&amp;Write a message</source>
        <translation>Nachricht &amp;schreiben</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="103"/>
        <source>&amp;Stop</source>
        <translation>Ant&amp;wort anhalten</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="107"/>
        <source>&amp;Regenerate</source>
        <translation>&amp;Neu erzeugen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="110"/>
        <source>Re&amp;name chat</source>
        <translation>Chat &amp;umbenennen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="112"/>
        <source>&amp;Delete chat...</source>
        <translation>Chat &amp;löschen...</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="113"/>
        <source>Searc&amp;h chats</source>
        <translation>Chats durch&amp;suchen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="122"/>
        <source>&amp;Tools</source>
        <translation>&amp;Werkzeuge</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="124"/>
        <source>&amp;Settings…</source>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="127"/>
        <source>&amp;A/B run…</source>
        <translation>&amp;A/B-Vergleich…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="131"/>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="133"/>
        <source>&amp;About Strata</source>
        <translation>&amp;Über Strata</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="135"/>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="160"/>
        <source>Load a document</source>
        <translation>Ein Dokument laden</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="161"/>
        <source>Text documents (*.txt *.md *.markdown *.rst *.csv *.json *.log);;All files (*)</source>
        <translation>Textdokumente (*.txt *.md *.markdown *.rst *.csv *.json *.log);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="168"/>
        <source>it is larger than %1 MiB</source>
        <translation>es ist größer als %1 MiB</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="172"/>
        <source>Load document</source>
        <translation>Dokument laden</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="172"/>
        <source>Cannot load %1: %2</source>
        <translation>%1 kann nicht geladen werden: %2</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="184"/>
        <source>Pasted text</source>
        <translation>Eingefügter Text</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="190"/>
        <source>Model loaded</source>
        <translation>Modell geladen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="122"/>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>Model loaded, running on %1</source>
        <translation>Modell geladen, läuft auf %1</translation>
    </message>
</context>
<context>
    <name>strata::ui::MessageWidget</name>
    <message>
        <location filename="../ui/chat/message_widget.cpp" line="19"/>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <location filename="../ui/chat/message_widget.cpp" line="20"/>
        <source>You</source>
        <translation>Sie</translation>
    </message>
    <message>
        <location filename="../ui/chat/message_widget.cpp" line="21"/>
        <source>Assistant</source>
        <translation>Assistent</translation>
    </message>
    <message>
        <location filename="../ui/chat/message_widget.cpp" line="47"/>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <location filename="../ui/chat/message_widget.cpp" line="48"/>
        <source>Copy the whole message</source>
        <translation>Die ganze Nachricht kopieren</translation>
    </message>
    <message>
        <location filename="../ui/chat/message_widget.cpp" line="55"/>
        <source>Edit</source>
        <translation>Bearbeiten</translation>
    </message>
    <message>
        <location filename="../ui/chat/message_widget.cpp" line="56"/>
        <source>Edit this message and send it again</source>
        <translation>Diese Nachricht bearbeiten und erneut senden</translation>
    </message>
    <message>
        <location filename="../ui/chat/message_widget.cpp" line="61"/>
        <source>Regenerate</source>
        <translation>Neu erzeugen</translation>
    </message>
    <message>
        <location filename="../ui/chat/message_widget.cpp" line="62"/>
        <source>Write this reply again</source>
        <translation>Diese Antwort neu schreiben</translation>
    </message>
    <message>
        <source>Interrupted: the app ended before this reply was finished.</source>
        <translation>Unterbrochen: Die App wurde beendet, bevor diese Antwort fertig war.</translation>
    </message>
</context>
<context>
    <name>strata::ui::ModelDetailsWidget</name>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="57"/>
        <source>&amp;Context length:</source>
        <translation>&amp;Kontextlänge:</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="58"/>
        <source>&amp;KV cache type:</source>
        <translation>KV-Cache-&amp;Typ:</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>RAM (CPU)</source>
        <translation>RAM (CPU)</translation>
    </message>
    <message>
        <source>VRAM (GPU)</source>
        <translation>VRAM (GPU)</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Gewichte</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV-Cache</translation>
    </message>
    <message>
        <source>Buffers</source>
        <translation>Puffer</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Gesamt</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>The VRAM it needs is unknown: the engine cannot read the model&apos;s sizes.</source>
        <translation>Der VRAM-Bedarf ist unbekannt: Die Engine kann die Größen des Modells nicht lesen.</translation>
    </message>
    <message>
        <source>On a GPU about %1 of VRAM: weights %2 + an f16 KV cache %3 (the GPU keeps f16 only) + %4 of buffers for a prefill batch of 512 tokens; the driver&apos;s own context comes on top.</source>
        <translation>Auf einer GPU etwa %1 VRAM: Gewichte %2 + ein f16-KV-Cache %3 (die GPU hält nur f16) + %4 Puffer für einen Prefill-Batch von 512 Tokens; der eigene Kontext des Treibers kommt hinzu.</translation>
    </message>
</context>
<context>
    <name>strata::ui::ModelSelector</name>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="14"/>
        <source>&amp;Open GGUF...</source>
        <translation>GGUF ö&amp;ffnen...</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="15"/>
        <source>No model loaded</source>
        <translation>Kein Modell geladen</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="19"/>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="24"/>
        <source>Model loading progress</source>
        <translation>Fortschritt beim Laden des Modells</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="37"/>
        <source>&amp;Model:</source>
        <translation>&amp;Modell:</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="54"/>
        <source>No recent models</source>
        <translation>Keine zuletzt verwendeten Modelle</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="54"/>
        <source>Choose a recent model</source>
        <translation>Zuletzt verwendetes Modell wählen</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="71"/>
        <source>Open a GGUF model</source>
        <translation>Ein GGUF-Modell öffnen</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="71"/>
        <source>GGUF models (*.gguf)</source>
        <translation>GGUF-Modelle (*.gguf)</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="83"/>
        <source>Loading %1...</source>
        <translation>%1 wird geladen...</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="97"/>
        <source>Loaded</source>
        <translation>Geladen</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="104"/>
        <source>Not loaded</source>
        <translation>Nicht geladen</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="105"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>strata::ui::PerformancePanels</name>
    <message>
        <location filename="../ui/panels/performance_panels.cpp" line="24"/>
        <source>&amp;Panels</source>
        <translation>&amp;Panels</translation>
    </message>
    <message>
        <location filename="../ui/panels/performance_panels.cpp" line="26"/>
        <source>Tokens per second</source>
        <translation>Tokens pro Sekunde</translation>
    </message>
    <message>
        <location filename="../ui/panels/performance_panels.cpp" line="28"/>
        <source>Process</source>
        <translation>Prozess</translation>
    </message>
    <message>
        <location filename="../ui/panels/performance_panels.cpp" line="30"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../ui/panels/performance_panels.cpp" line="31"/>
        <source>CPU cores</source>
        <translation>CPU-Kerne</translation>
    </message>
    <message>
        <location filename="../ui/panels/performance_panels.cpp" line="33"/>
        <source>Worker pool</source>
        <translation>Worker-Pool</translation>
    </message>
    <message>
        <location filename="../ui/panels/performance_panels.cpp" line="39"/>
        <source>&amp;Show all panels</source>
        <translation>Alle Panels &amp;zeigen</translation>
    </message>
    <message>
        <location filename="../ui/panels/performance_panels.cpp" line="41"/>
        <source>&amp;Hide all panels</source>
        <translation>Alle Panels &amp;ausblenden</translation>
    </message>
    <message>
        <location filename="../ui/panels/performance_panels.cpp" line="44"/>
        <source>Waiting policy</source>
        <translation>Warteverfahren</translation>
    </message>
</context>
<context>
    <name>strata::ui::PoolPanel</name>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="15"/>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="16"/>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="26"/>
        <location filename="../ui/panels/pool_panel.cpp" line="43"/>
        <source>no model loaded</source>
        <translation>kein Modell geladen</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="31"/>
        <source>Policy in force:</source>
        <translation>Aktives Verfahren:</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="32"/>
        <source>Workers:</source>
        <translation>Worker:</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="33"/>
        <source>Busy / spinning:</source>
        <translation>Beschäftigt / aktiv wartend:</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="34"/>
        <source>Parks:</source>
        <translation>Schlafphasen:</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="35"/>
        <source>Wasted spin:</source>
        <translation>Vergeudetes aktives Warten:</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="36"/>
        <source>Completion wait p50 / p99:</source>
        <translation>Wartezeit auf Abschluss p50 / p99:</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="37"/>
        <source>Adaptive:</source>
        <translation>Adaptiv:</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="51"/>
        <source>%1 + host, %2 batches</source>
        <translation>%1 + Host, %2 Batches</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="52"/>
        <source>%1% / %2%</source>
        <translation>%1% / %2%</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="53"/>
        <source>%1 /s</source>
        <translation>%1 /s</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="54"/>
        <source>%1% of a core</source>
        <translation>%1% eines Kerns</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="56"/>
        <source>contended: no spin</source>
        <translation>ausgelastet: kein aktives Warten</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="57"/>
        <source>spin %1 µs, host %2 µs, wake %3 µs</source>
        <translation>aktiv %1 µs, Host %2 µs, Aufwachen %3 µs</translation>
    </message>
    <message>
        <source>GPU wait:</source>
        <translation>GPU-Warten:</translation>
    </message>
    <message>
        <source>no model on a GPU</source>
        <translation>kein Modell auf einer GPU</translation>
    </message>
    <message>
        <source>spin</source>
        <translation>aktiv warten (Spin)</translation>
    </message>
    <message>
        <source>yield</source>
        <translation>abgeben (Yield)</translation>
    </message>
    <message>
        <source>blocking sync</source>
        <translation>blockierend (Sync)</translation>
    </message>
</context>
<context>
    <name>strata::ui::ProcessPanel</name>
    <message>
        <location filename="../ui/panels/process_panel.cpp" line="15"/>
        <source>CPU %</source>
        <translation>CPU %</translation>
    </message>
    <message>
        <location filename="../ui/panels/process_panel.cpp" line="16"/>
        <source>Process CPU use, last minute</source>
        <translation>CPU-Nutzung des Prozesses, letzte Minute</translation>
    </message>
    <message>
        <location filename="../ui/panels/process_panel.cpp" line="28"/>
        <source>CPU %1% (100% = one core) · RAM %2 MiB</source>
        <translation>CPU %1% (100% = ein Kern) · RAM %2 MiB</translation>
    </message>
</context>
<context>
    <name>strata::ui::ReasoningView</name>
    <message>
        <location filename="../ui/chat/reasoning_view.cpp" line="15"/>
        <location filename="../ui/chat/reasoning_view.cpp" line="27"/>
        <source>Reasoning</source>
        <translation>Überlegungen</translation>
    </message>
    <message>
        <location filename="../ui/chat/reasoning_view.cpp" line="16"/>
        <source>Show or hide the model&apos;s reasoning</source>
        <translation>Die Überlegungen des Modells zeigen oder verbergen</translation>
    </message>
</context>
<context>
    <name>strata::ui::SamplingSettingsForm</name>
    <message>
        <location filename="../ui/settings/sampling_settings_form.cpp" line="15"/>
        <source>&amp;Temperature:</source>
        <translation>&amp;Temperatur:</translation>
    </message>
    <message>
        <location filename="../ui/settings/sampling_settings_form.cpp" line="16"/>
        <source>Top-&amp;k:</source>
        <translation>Top-&amp;k:</translation>
    </message>
    <message>
        <location filename="../ui/settings/sampling_settings_form.cpp" line="17"/>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <location filename="../ui/settings/sampling_settings_form.cpp" line="18"/>
        <source>Top-&amp;p:</source>
        <translation>Top-&amp;p:</translation>
    </message>
    <message>
        <location filename="../ui/settings/sampling_settings_form.cpp" line="19"/>
        <source>&amp;Min-p:</source>
        <translation>&amp;Min-p:</translation>
    </message>
    <message>
        <location filename="../ui/settings/sampling_settings_form.cpp" line="20"/>
        <source>&amp;Repeat penalty:</source>
        <translation>&amp;Wiederholungsstrafe:</translation>
    </message>
    <message>
        <location filename="../ui/settings/sampling_settings_form.cpp" line="21"/>
        <source>Ma&amp;x reply tokens:</source>
        <translation>Ma&amp;x. Antwort-Tokens:</translation>
    </message>
    <message>
        <location filename="../ui/settings/sampling_settings_form.cpp" line="22"/>
        <source>S&amp;eed:</source>
        <translation>S&amp;eed:</translation>
    </message>
    <message>
        <location filename="../ui/settings/sampling_settings_form.cpp" line="23"/>
        <source>random</source>
        <translation>zufällig</translation>
    </message>
</context>
<context>
    <name>strata::ui::SettingsDialog</name>
    <message>
        <location filename="../ui/settings/settings_dialog.cpp" line="21"/>
        <source>&amp;Reload model now</source>
        <translation>Modell jetzt &amp;neu laden</translation>
    </message>
    <message>
        <location filename="../ui/settings/settings_dialog.cpp" line="24"/>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <location filename="../ui/settings/settings_dialog.cpp" line="28"/>
        <source>&amp;Engine</source>
        <translation>&amp;Engine</translation>
    </message>
    <message>
        <location filename="../ui/settings/settings_dialog.cpp" line="33"/>
        <source>New chats start with these values; change one chat&apos;s own in Chat settings.</source>
        <translation>Neue Chats beginnen mit diesen Werten; die eines einzelnen Chats ändern Sie in den Chat-Einstellungen.</translation>
    </message>
    <message>
        <location filename="../ui/settings/settings_dialog.cpp" line="38"/>
        <source>&amp;New chats</source>
        <translation>&amp;Neue Chats</translation>
    </message>
    <message>
        <location filename="../ui/settings/settings_dialog.cpp" line="39"/>
        <source>&amp;Appearance</source>
        <translation>&amp;Darstellung</translation>
    </message>
    <message>
        <source>The loaded model runs with other engine settings. Threads, affinity, context length, KV cache type, batch size, device and VRAM budget take effect when the model is reloaded.</source>
        <translation>Das geladene Modell läuft mit anderen Engine-Einstellungen. Threads, Affinität, Kontextlänge, KV-Cache-Typ, Batchgröße, Gerät und VRAM-Budget gelten, sobald das Modell neu geladen wird.</translation>
    </message>
</context>
<context>
    <name>strata::ui::TokenRatePanel</name>
    <message>
        <location filename="../ui/panels/token_rate_panel.cpp" line="15"/>
        <source>prefill</source>
        <translation>Prefill</translation>
    </message>
    <message>
        <location filename="../ui/panels/token_rate_panel.cpp" line="16"/>
        <source>decode</source>
        <translation>Decode</translation>
    </message>
    <message>
        <location filename="../ui/panels/token_rate_panel.cpp" line="17"/>
        <source>Tokens per second, last minute</source>
        <translation>Tokens pro Sekunde, letzte Minute</translation>
    </message>
    <message>
        <location filename="../ui/panels/token_rate_panel.cpp" line="19"/>
        <source>Prefill — · Decode —</source>
        <translation>Prefill — · Decode —</translation>
    </message>
    <message>
        <location filename="../ui/panels/token_rate_panel.cpp" line="29"/>
        <source>Prefill %1 tok/s · Decode %2 tok/s</source>
        <translation>Prefill %1 tok/s · Decode %2 tok/s</translation>
    </message>
</context>
<context>
    <name>strata::ui::WaitPolicyBar</name>
    <message>
        <location filename="../ui/panels/wait_policy_bar.cpp" line="20"/>
        <source>Adaptive</source>
        <translation>Adaptiv</translation>
    </message>
    <message>
        <location filename="../ui/panels/wait_policy_bar.cpp" line="21"/>
        <source>Fixed spin</source>
        <translation>Festes aktives Warten</translation>
    </message>
    <message>
        <location filename="../ui/panels/wait_policy_bar.cpp" line="22"/>
        <source>Park</source>
        <translation>Schlafen</translation>
    </message>
    <message>
        <location filename="../ui/panels/wait_policy_bar.cpp" line="23"/>
        <source>Worker waiting policy</source>
        <translation>Warteverfahren der Worker</translation>
    </message>
    <message>
        <location filename="../ui/panels/wait_policy_bar.cpp" line="24"/>
        <source>How the engine&apos;s idle worker threads wait for the next batch. Applied at once, also while a reply is being generated.</source>
        <translation>Wie die freien Worker-Threads der Engine auf den nächsten Batch warten. Gilt sofort, auch während eine Antwort erzeugt wird.</translation>
    </message>
    <message>
        <location filename="../ui/panels/wait_policy_bar.cpp" line="29"/>
        <source> µs</source>
        <translation> µs</translation>
    </message>
    <message>
        <location filename="../ui/panels/wait_policy_bar.cpp" line="30"/>
        <source>Spin time in microseconds</source>
        <translation>Zeit aktiven Wartens in Mikrosekunden</translation>
    </message>
    <message>
        <location filename="../ui/panels/wait_policy_bar.cpp" line="34"/>
        <source>&amp;Waiting:</source>
        <translation>&amp;Warten:</translation>
    </message>
</context>
<context>
    <name>strata::ui::WelcomeView</name>
    <message>
        <location filename="../ui/chat/welcome_view.cpp" line="16"/>
        <source>&lt;h2&gt;Welcome to Strata&lt;/h2&gt;&lt;p&gt;Strata runs language models on this computer. Nothing you write leaves it.&lt;/p&gt;&lt;p&gt;To start, you need a model file in the &lt;b&gt;GGUF&lt;/b&gt; format. Download one in the model manager, or open a GGUF file you already have. Small models (1 to 4 billion parameters, quantized to Q4_K or Q8_0) run well on most computers.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Willkommen bei Strata&lt;/h2&gt;&lt;p&gt;Strata führt Sprachmodelle auf diesem Computer aus. Nichts, was Sie schreiben, verlässt ihn.&lt;/p&gt;&lt;p&gt;Zum Start brauchen Sie eine Modelldatei im Format &lt;b&gt;GGUF&lt;/b&gt;. Laden Sie eine in der Modellverwaltung herunter oder öffnen Sie eine GGUF-Datei, die Sie schon haben. Kleine Modelle (1 bis 4 Milliarden Parameter, quantisiert als Q4_K oder Q8_0) laufen auf den meisten Computern gut.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../ui/chat/welcome_view.cpp" line="26"/>
        <source>&amp;Get a model...</source>
        <translation>Ein Modell &amp;holen...</translation>
    </message>
    <message>
        <location filename="../ui/chat/welcome_view.cpp" line="30"/>
        <source>Open &amp;GGUF file...</source>
        <translation>&amp;GGUF-Datei öffnen...</translation>
    </message>
</context>
<context>
    <name>strata::app::EngineValues</name>
    <message>
        <source>GPU %1: %2</source>
        <translation>GPU %1: %2</translation>
    </message>
    <message>
        <source>CPU, 1 thread</source>
        <translation>CPU, 1 Thread</translation>
    </message>
    <message>
        <source>CPU, %1 threads</source>
        <translation>CPU, %1 Threads</translation>
    </message>
</context>
<context>
    <name>strata::models::ModelListModel</name>
    <message>
        <source>RAM</source>
        <translation>RAM</translation>
    </message>
    <message>
        <source>VRAM</source>
        <translation>VRAM</translation>
    </message>
    <message>
        <source>RAM it needs on the CPU at the default context (up to 4096 tokens)</source>
        <translation>RAM-Bedarf auf der CPU beim Standardkontext (bis 4096 Tokens)</translation>
    </message>
    <message>
        <source>VRAM it needs on a GPU at the default context (up to 4096 tokens); the Memory tab shows other contexts</source>
        <translation>VRAM-Bedarf auf einer GPU beim Standardkontext (bis 4096 Tokens); der Reiter Speicher zeigt andere Kontexte</translation>
    </message>
</context>
</TS>
