<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>Application</name>
    <message>
        <location filename="../app/application.cpp" line="49"/>
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
        <location filename="../ui/build_features.cpp" line="22"/>
        <source>SDK found; the Vulkan back-end is not written yet</source>
        <translation>SDK gefunden; das Vulkan-Backend gibt es noch nicht</translation>
    </message>
    <message>
        <location filename="../ui/build_features.cpp" line="36"/>
        <source>GPUs: none (%1)</source>
        <translation>GPUs: keine (%1)</translation>
    </message>
</context>
<context>
    <name>ChatCompletionReply</name>
    <message>
        <location filename="../domain/remote/chat_completion_reply.cpp" line="15"/>
        <source>The server&apos;s reply is neither an event stream nor a JSON object: %1</source>
        <translation>Die Antwort des Servers ist weder ein Ereignisstrom noch ein JSON-Objekt: %1</translation>
    </message>
    <message>
        <location filename="../domain/remote/chat_completion_reply.cpp" line="28"/>
        <source>The server&apos;s reply is not OpenAI&apos;s format (no &quot;choices&quot;).</source>
        <translation>Die Antwort des Servers hat nicht das Format von OpenAI (kein &quot;choices&quot;).</translation>
    </message>
</context>
<context>
    <name>ChatStore</name>
    <message>
        <location filename="../domain/storage/chat_schema.cpp" line="53"/>
        <source>the chat database has schema version %1, but this Strata knows only up to %2; it was written by a newer Strata</source>
        <translation>die Chat-Datenbank hat die Schemaversion %1, dieses Strata kennt nur bis %2; sie wurde von einem neueren Strata geschrieben</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_schema.cpp" line="68"/>
        <source>migration to schema version %1 failed: %2</source>
        <translation>die Migration auf Schemaversion %1 ist fehlgeschlagen: %2</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="106"/>
        <source>%1: %2: %3</source>
        <translation>%1: %2: %3</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="115"/>
        <location filename="../domain/storage/chat_store.cpp" line="123"/>
        <source>cannot open the chat database</source>
        <translation>die Chat-Datenbank kann nicht geöffnet werden</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="115"/>
        <source>Qt&apos;s SQLite driver (QSQLITE) is not installed</source>
        <translation>Der SQLite-Treiber von Qt (QSQLITE) ist nicht installiert</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="130"/>
        <location filename="../domain/storage/chat_store.cpp" line="143"/>
        <location filename="../domain/storage/chat_store.cpp" line="156"/>
        <source>not a usable chat database</source>
        <translation>keine verwendbare Chat-Datenbank</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="149"/>
        <source>the chat database is damaged</source>
        <translation>die Chat-Datenbank ist beschädigt</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="150"/>
        <source>%1. Making a copy of it failed too.</source>
        <translation>%1. Auch eine Kopie davon anzulegen ist fehlgeschlagen.</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="151"/>
        <source>%1. A copy of it was kept as %2.</source>
        <translation>%1. Eine Kopie davon wurde als %2 aufbewahrt.</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="166"/>
        <location filename="../domain/storage/chat_store.cpp" line="177"/>
        <source>cannot write the chat database</source>
        <translation>die Chat-Datenbank kann nicht geschrieben werden</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="207"/>
        <source>cannot create a conversation</source>
        <translation>ein Chat kann nicht angelegt werden</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="224"/>
        <source>cannot rename conversation %1</source>
        <translation>Chat %1 kann nicht umbenannt werden</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="243"/>
        <source>cannot delete conversation %1</source>
        <translation>Chat %1 kann nicht gelöscht werden</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="258"/>
        <source>cannot save the settings of conversation %1</source>
        <translation>die Einstellungen von Chat %1 können nicht gespeichert werden</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="273"/>
        <source>cannot save the model of conversation %1</source>
        <translation>das Modell von Chat %1 kann nicht gespeichert werden</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="308"/>
        <source>cannot list conversations</source>
        <translation>die Chats können nicht aufgelistet werden</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="362"/>
        <source>cannot save a message in conversation %1</source>
        <translation>eine Nachricht in Chat %1 kann nicht gespeichert werden</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="382"/>
        <source>cannot save message %1</source>
        <translation>Nachricht %1 kann nicht gespeichert werden</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="397"/>
        <source>cannot read conversation %1</source>
        <translation>Chat %1 kann nicht gelesen werden</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="424"/>
        <source>cannot delete messages of conversation %1</source>
        <translation>Nachrichten von Chat %1 können nicht gelöscht werden</translation>
    </message>
</context>
<context>
    <name>CommandLine</name>
    <message>
        <location filename="../app/command_line.cpp" line="14"/>
        <source>Strata: run large language models locally.</source>
        <translation>Strata: große Sprachmodelle lokal ausführen.</translation>
    </message>
    <message>
        <location filename="../app/command_line.cpp" line="19"/>
        <source>Print the version and build features, then exit.</source>
        <translation>Version und Build-Funktionen ausgeben, dann beenden.</translation>
    </message>
    <message>
        <location filename="../app/command_line.cpp" line="22"/>
        <source>Exit by itself (status 0) once the main window is shown: checks that the app starts.</source>
        <translation>Von selbst beenden (Status 0), sobald das Hauptfenster angezeigt wird: prüft, dass die Anwendung startet.</translation>
    </message>
    <message>
        <location filename="../app/command_line.cpp" line="25"/>
        <source>A GGUF model file to open in the chat.</source>
        <translation>Eine GGUF-Modelldatei, die im Chat geöffnet wird.</translation>
    </message>
    <message>
        <location filename="../app/command_line.cpp" line="34"/>
        <source>one model file at a time, not %1: %2</source>
        <translation>nur eine Modelldatei auf einmal, nicht %1: %2</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="11"/>
        <source>Queued</source>
        <translation>In der Warteschlange</translation>
    </message>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="12"/>
        <source>Connecting</source>
        <translation>Verbindung wird aufgebaut</translation>
    </message>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="13"/>
        <source>Downloading</source>
        <translation>Wird heruntergeladen</translation>
    </message>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="14"/>
        <source>Retrying</source>
        <translation>Neuer Versuch</translation>
    </message>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="15"/>
        <source>Paused</source>
        <translation>Angehalten</translation>
    </message>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="16"/>
        <source>Verifying</source>
        <translation>Wird geprüft</translation>
    </message>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="17"/>
        <source>Completed</source>
        <translation>Fertig</translation>
    </message>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="18"/>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="26"/>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="33"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="35"/>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="36"/>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="70"/>
        <source>%1 of %2 (%3%)</source>
        <translation>%1 von %2 (%3 %)</translation>
    </message>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="73"/>
        <source>%1/s</source>
        <translation>%1/s</translation>
    </message>
    <message>
        <location filename="../domain/models/library_worker.cpp" line="36"/>
        <source>%1: split model is incomplete, part(s) %2 of %3 missing</source>
        <translation>%1: geteiltes Modell ist unvollständig, Teil(e) %2 von %3 fehlen</translation>
    </message>
    <message>
        <location filename="../domain/storage/data_folder.cpp" line="64"/>
        <source>cannot create %1</source>
        <translation>%1 kann nicht angelegt werden</translation>
    </message>
    <message>
        <location filename="../domain/storage/data_folder.cpp" line="67"/>
        <source>cannot move %1 to %2</source>
        <translation>%1 kann nicht nach %2 verschoben werden</translation>
    </message>
</context>
<context>
    <name>RemoteEndpoint</name>
    <message>
        <location filename="../domain/remote/remote_endpoint.cpp" line="18"/>
        <source>&quot;%1&quot; is not a server address: write it as http://host:port or https://host.</source>
        <translation>„%1“ ist keine Serveradresse: Schreiben Sie sie als http://host:port oder https://host.</translation>
    </message>
    <message>
        <location filename="../domain/remote/remote_endpoint.cpp" line="38"/>
        <source>Name the model the server should run.</source>
        <translation>Geben Sie das Modell an, das der Server ausführen soll.</translation>
    </message>
</context>
<context>
    <name>ServerPreferences</name>
    <message>
        <location filename="../domain/settings/server_preferences.cpp" line="23"/>
        <source>Enter the address to listen on, e.g. 127.0.0.1.</source>
        <translation>Geben Sie die Adresse ein, auf der gelauscht werden soll, z. B. 127.0.0.1.</translation>
    </message>
    <message>
        <location filename="../domain/settings/server_preferences.cpp" line="25"/>
        <source>Listening on %1 lets other machines reach the model: set an API key first, or listen on 127.0.0.1.</source>
        <translation>Auf %1 zu lauschen macht das Modell für andere Rechner erreichbar: Legen Sie zuerst einen API-Schlüssel fest oder lauschen Sie auf 127.0.0.1.</translation>
    </message>
</context>
<context>
    <name>SseChatStream</name>
    <message>
        <location filename="../domain/remote/sse_chat_stream.cpp" line="34"/>
        <source>The server sent a line of over 4 MiB without an end: this is not an event stream.</source>
        <translation>Der Server hat eine Zeile von über 4 MiB ohne Ende gesendet: Das ist kein Event-Stream.</translation>
    </message>
    <message>
        <location filename="../domain/remote/sse_chat_stream.cpp" line="54"/>
        <source>The server&apos;s stream is not OpenAI&apos;s format (a data line is not a JSON object: %1).</source>
        <translation>Der Stream des Servers hat nicht das Format von OpenAI (eine data-Zeile ist kein JSON-Objekt: %1).</translation>
    </message>
    <message>
        <location filename="../domain/remote/sse_chat_stream.cpp" line="69"/>
        <source>The server&apos;s stream is not OpenAI&apos;s format (a chunk has no &quot;choices&quot;).</source>
        <translation>Der Stream des Servers hat nicht das Format von OpenAI (einem Chunk fehlt „choices“).</translation>
    </message>
</context>
<context>
    <name>strata::app::AbController</name>
    <message>
        <location filename="../app/ab/ab_controller.cpp" line="28"/>
        <source>Done: %1 measured runs.</source>
        <translation>Fertig: %1 gemessene Läufe.</translation>
    </message>
    <message>
        <location filename="../app/ab/ab_controller.cpp" line="31"/>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <location filename="../app/ab/ab_controller.cpp" line="33"/>
        <source>The A/B run failed: %1</source>
        <translation>Der A/B-Vergleich ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location filename="../app/ab/ab_controller.cpp" line="99"/>
        <source>Saved %1.</source>
        <translation>%1 gespeichert.</translation>
    </message>
    <message>
        <location filename="../app/ab/ab_controller.cpp" line="100"/>
        <source>Could not save %1: %2</source>
        <translation>%1 konnte nicht gespeichert werden: %2</translation>
    </message>
</context>
<context>
    <name>strata::app::AbRunner</name>
    <message numerus="yes">
        <location filename="../app/ab/ab_runner.cpp" line="77"/>
        <source>opening the model for %n configuration(s)</source>
        <translation>
            <numerusform>Modell wird für %n Konfiguration geöffnet</numerusform>
            <numerusform>Modell wird für %n Konfigurationen geöffnet</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/ab/ab_runner.cpp" line="109"/>
        <source>warm-up %1</source>
        <translation>Aufwärmen %1</translation>
    </message>
    <message>
        <location filename="../app/ab/ab_runner.cpp" line="120"/>
        <source>run %1 of %2 (%3)</source>
        <translation>Lauf %1 von %2 (%3)</translation>
    </message>
    <message>
        <location filename="../app/ab/ab_runner.cpp" line="130"/>
        <source>done</source>
        <translation>fertig</translation>
    </message>
    <message>
        <location filename="../app/ab/ab_runner.cpp" line="135"/>
        <source>Not enough memory to open the model for each configuration of an A/B run.</source>
        <translation>Nicht genug Speicher, um das Modell für jede Konfiguration eines A/B-Vergleichs zu öffnen.</translation>
    </message>
</context>
<context>
    <name>strata::app::ChatCoordinator</name>
    <message>
        <location filename="../app/chat_coordinator.cpp" line="153"/>
        <source>The API key for %1 is forgotten: requests to it go without a key until you enter one with &quot;Remote server...&quot;.</source>
        <translation>Der API-Schlüssel für %1 ist vergessen: Anfragen dorthin gehen ohne Schlüssel, bis Sie mit &quot;Entfernter Server...&quot; einen eingeben.</translation>
    </message>
    <message>
        <location filename="../app/chat_coordinator.cpp" line="454"/>
        <source>Reading stopped after %1 of %2 tokens. The document stays in this chat; the rest is read with your next message.</source>
        <translation>Lesen nach %1 von %2 Tokens angehalten. Das Dokument bleibt in diesem Chat; der Rest wird mit Ihrer nächsten Nachricht gelesen.</translation>
    </message>
    <message>
        <location filename="../app/chat_coordinator.cpp" line="460"/>
        <source>Document read: %1 tokens at %2 tok/s. Ask about it.</source>
        <translation>Dokument gelesen: %1 Tokens mit %2 Tok/s. Stellen Sie Fragen dazu.</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/chat_coordinator.cpp" line="483"/>
        <source>This chat is longer than the model&apos;s context: its %n oldest message(s) are left out of what the model reads.</source>
        <translation>
            <numerusform>Dieser Chat ist länger als der Kontext des Modells: Seine älteste Nachricht wird beim Lesen ausgelassen.</numerusform>
            <numerusform>Dieser Chat ist länger als der Kontext des Modells: Seine %n ältesten Nachrichten werden beim Lesen ausgelassen.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/chat_coordinator.cpp" line="548"/>
        <source>Could not load the model %1.
%2</source>
        <translation>Das Modell %1 konnte nicht geladen werden.
%2</translation>
    </message>
    <message>
        <location filename="../app/chat_coordinator.cpp" line="579"/>
        <source>Chats could not be saved: %1</source>
        <translation>Chats konnten nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <location filename="../app/chat_coordinator.cpp" line="367"/>
        <source>Document added: the remote server reads it with your next message.</source>
        <translation>Dokument hinzugefügt: Der entfernte Server liest es mit Ihrer nächsten Nachricht.</translation>
    </message>
</context>
<context>
    <name>strata::app::EngineController</name>
    <message>
        <location filename="../app/engine/engine_controller.cpp" line="83"/>
        <source>The file %1 does not exist.</source>
        <translation>Die Datei %1 existiert nicht.</translation>
    </message>
    <message>
        <location filename="../app/engine/engine_controller.cpp" line="87"/>
        <source>The file %1 cannot be read.</source>
        <translation>Die Datei %1 kann nicht gelesen werden.</translation>
    </message>
    <message>
        <location filename="../app/engine/engine_controller.cpp" line="124"/>
        <source>Not enough memory to load %1.</source>
        <translation>Nicht genug Speicher, um %1 zu laden.</translation>
    </message>
    <message>
        <location filename="../app/engine/engine_controller.cpp" line="177"/>
        <source>No model is loaded. Open a GGUF model to chat.</source>
        <translation>Es ist kein Modell geladen. Öffnen Sie ein GGUF-Modell, um zu chatten.</translation>
    </message>
    <message>
        <location filename="../app/engine/engine_controller.cpp" line="181"/>
        <source>The model&apos;s chat template cannot be used: %1</source>
        <translation>Die Chat-Vorlage des Modells ist nicht verwendbar: %1</translation>
    </message>
    <message>
        <location filename="../app/engine/engine_controller.cpp" line="185"/>
        <source>There is nothing to send.</source>
        <translation>Es gibt nichts zu senden.</translation>
    </message>
    <message>
        <location filename="../app/engine/engine_controller.cpp" line="211"/>
        <source>The model&apos;s chat template failed: %1</source>
        <translation>Die Chat-Vorlage des Modells ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location filename="../app/engine/engine_controller.cpp" line="213"/>
        <source>The prompt could not be built: %1</source>
        <translation>Der Prompt konnte nicht erstellt werden: %1</translation>
    </message>
    <message>
        <location filename="../app/engine/engine_controller.cpp" line="271"/>
        <source>Not enough memory to generate the reply.</source>
        <translation>Nicht genug Speicher, um die Antwort zu erzeugen.</translation>
    </message>
    <message>
        <location filename="../app/engine/engine_controller.cpp" line="276"/>
        <source>The reply failed: %1</source>
        <translation>Die Antwort ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location filename="../app/engine/engine_controller.cpp" line="313"/>
        <source>Not enough memory to read the document.</source>
        <translation>Nicht genug Speicher, um das Dokument zu lesen.</translation>
    </message>
    <message>
        <location filename="../app/engine/engine_controller.cpp" line="315"/>
        <source>The document could not be read: %1</source>
        <translation>Das Dokument konnte nicht gelesen werden: %1</translation>
    </message>
</context>
<context>
    <name>strata::app::EngineValues</name>
    <message>
        <location filename="../app/engine/engine_values.cpp" line="117"/>
        <source>GPU %1: %2</source>
        <translation>GPU %1: %2</translation>
    </message>
    <message>
        <location filename="../app/engine/engine_values.cpp" line="123"/>
        <source>%1 + CPU experts, %2 threads</source>
        <translation>%1 + CPU-Experten, %2 Threads</translation>
    </message>
    <message>
        <location filename="../app/engine/engine_values.cpp" line="127"/>
        <source>CPU, 1 thread</source>
        <translation>CPU, 1 Thread</translation>
    </message>
    <message>
        <location filename="../app/engine/engine_values.cpp" line="128"/>
        <source>CPU, %1 threads</source>
        <translation>CPU, %1 Threads</translation>
    </message>
    <message>
        <location filename="../app/engine/engine_values.cpp" line="139"/>
        <source>GPU %1: layer %2</source>
        <translation>GPU %1: Schicht %2</translation>
    </message>
    <message>
        <location filename="../app/engine/engine_values.cpp" line="142"/>
        <source>GPU %1: layers %2–%3</source>
        <translation>GPU %1: Schichten %2–%3</translation>
    </message>
</context>
<context>
    <name>strata::app::ModelDescription</name>
    <message>
        <location filename="../app/model_description.cpp" line="24"/>
        <source>unnamed model</source>
        <translation>unbenanntes Modell</translation>
    </message>
    <message>
        <location filename="../app/model_description.cpp" line="29"/>
        <source>%1 parameters</source>
        <translation>%1 Parameter</translation>
    </message>
    <message>
        <location filename="../app/model_description.cpp" line="34"/>
        <source>context %1 tokens</source>
        <translation>Kontext %1 Tokens</translation>
    </message>
    <message>
        <location filename="../app/model_description.cpp" line="37"/>
        <source>KV cache %1</source>
        <translation>KV-Cache %1</translation>
    </message>
</context>
<context>
    <name>strata::app::RecentModelDescriptions</name>
    <message>
        <location filename="../app/recent_model_descriptions.cpp" line="28"/>
        <source>The file is missing.</source>
        <translation>Die Datei fehlt.</translation>
    </message>
    <message>
        <location filename="../app/recent_model_descriptions.cpp" line="22"/>
        <source>%1 on the remote server %2</source>
        <translation>%1 auf dem entfernten Server %2</translation>
    </message>
</context>
<context>
    <name>strata::app::RemoteChatClient</name>
    <message>
        <location filename="../app/remote/remote_chat_client.cpp" line="48"/>
        <source>Could not reach the remote server %1: %2</source>
        <translation>Der entfernte Server %1 ist nicht erreichbar: %2</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_chat_client.cpp" line="51"/>
        <source>The remote server %1 refused the API key (HTTP %2): %3
Choose the model again with &quot;Remote server...&quot; and enter the right key.</source>
        <translation>Der entfernte Server %1 hat den API-Schlüssel abgelehnt (HTTP %2): %3
Wählen Sie das Modell erneut mit „Entfernter Server...“ und geben Sie den richtigen Schlüssel ein.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_chat_client.cpp" line="56"/>
        <source>The remote server %1 answered HTTP %2: %3</source>
        <translation>Der entfernte Server %1 antwortete mit HTTP %2: %3</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_chat_client.cpp" line="86"/>
        <source>&quot;%1&quot; does not name a remote server and model.</source>
        <translation>„%1“ benennt keinen entfernten Server mit Modell.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_chat_client.cpp" line="128"/>
        <source>The remote server %1 does not serve a model named &quot;%2&quot;; it lists: %3.</source>
        <translation>Der entfernte Server %1 bietet kein Modell namens „%2“ an; er listet: %3.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_chat_client.cpp" line="135"/>
        <source>the remote server %1</source>
        <translation>dem entfernten Server %1</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_chat_client.cpp" line="136"/>
        <source>%1 on the remote server %2 (OpenAI-compatible API)</source>
        <translation>%1 auf dem entfernten Server %2 (OpenAI-kompatible API)</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_chat_client.cpp" line="147"/>
        <source>No remote model is chosen.</source>
        <translation>Es ist kein entferntes Modell gewählt.</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/remote/remote_chat_client.cpp" line="195"/>
        <source>The remote server&apos;s reply is larger than %n MiB.</source>
        <translation>
            <numerusform>Die Antwort des entfernten Servers ist größer als %n MiB.</numerusform>
            <numerusform>Die Antwort des entfernten Servers ist größer als %n MiB.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/remote/remote_chat_client.cpp" line="214"/>
        <location filename="../app/remote/remote_chat_client.cpp" line="298"/>
        <source>The remote server&apos;s reply could not be read: %1</source>
        <translation>Die Antwort des entfernten Servers konnte nicht gelesen werden: %1</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_chat_client.cpp" line="279"/>
        <source>The remote server %1 ended its reply before the end of the event stream (no &quot;data: [DONE]&quot;).</source>
        <translation>Der entfernte Server %1 hat seine Antwort vor dem Ende des Event-Streams beendet (kein „data: [DONE]“).</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_chat_client.cpp" line="110"/>
        <source>The remote server %1 lists no models.</source>
        <translation>Der entfernte Server %1 listet keine Modelle.</translation>
    </message>
</context>
<context>
    <name>strata::app::RemoteKeys</name>
    <message>
        <location filename="../app/remote/remote_keys.cpp" line="16"/>
        <source>The key is kept only until Strata quits: the keychain is turned off, and keys are never written to the settings file.</source>
        <translation>Der Schlüssel wird nur bis zum Beenden von Strata behalten: Der Schlüsselbund ist ausgeschaltet, und Schlüssel werden nie in die Einstellungsdatei geschrieben.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_keys.cpp" line="19"/>
        <source>No keychain is available (%1): the key is kept only until Strata quits, never written to the settings file.</source>
        <translation>Kein Schlüsselbund verfügbar (%1): Der Schlüssel wird nur bis zum Beenden von Strata behalten und nie in die Einstellungsdatei geschrieben.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_keys.cpp" line="22"/>
        <source>The key is stored in the desktop&apos;s keychain.</source>
        <translation>Der Schlüssel wird im Schlüsselbund des Desktops gespeichert.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_keys.cpp" line="28"/>
        <source>the keychain did not answer</source>
        <translation>der Schlüsselbund hat nicht geantwortet</translation>
    </message>
</context>
<context>
    <name>strata::app::ServerController</name>
    <message>
        <location filename="../app/server/server_controller.cpp" line="43"/>
        <source>  ·  %1 prompt tokens (%2 reused), %3 generated, %4 tok/s</source>
        <translation>  ·  %1 Prompt-Tokens (%2 wiederverwendet), %3 erzeugt, %4 Tok/s</translation>
    </message>
    <message>
        <location filename="../app/server/server_controller.cpp" line="66"/>
        <source>The server is still stopping; start it again in a moment.</source>
        <translation>Der Server wird noch beendet; starten Sie ihn gleich noch einmal.</translation>
    </message>
    <message>
        <location filename="../app/server/server_controller.cpp" line="67"/>
        <source>The server is already running.</source>
        <translation>Der Server läuft bereits.</translation>
    </message>
    <message>
        <location filename="../app/server/server_controller.cpp" line="91"/>
        <source>The server cannot start: %1</source>
        <translation>Der Server kann nicht starten: %1</translation>
    </message>
    <message>
        <location filename="../app/server/server_controller.cpp" line="131"/>
        <source>The server stopped: it could not accept connections.</source>
        <translation>Der Server wurde beendet: Er konnte keine Verbindungen annehmen.</translation>
    </message>
</context>
<context>
    <name>strata::domain::AbConfig</name>
    <message>
        <location filename="../domain/ab/ab_types.cpp" line="12"/>
        <source>threads: %1</source>
        <translation>Threads: %1</translation>
    </message>
    <message>
        <location filename="../domain/ab/ab_types.cpp" line="13"/>
        <source>threads: physical cores</source>
        <translation>Threads: physische Kerne</translation>
    </message>
    <message>
        <location filename="../domain/ab/ab_types.cpp" line="22"/>
        <source>experts: all in VRAM</source>
        <translation>Experten: alle im VRAM</translation>
    </message>
    <message>
        <location filename="../domain/ab/ab_types.cpp" line="26"/>
        <source>experts: VRAM cache %1 MiB</source>
        <translation>Experten: VRAM-Cache %1 MiB</translation>
    </message>
    <message>
        <location filename="../domain/ab/ab_types.cpp" line="29"/>
        <source>experts: first %1 layers&apos; on the CPU</source>
        <translation>Experten: die der ersten %1 Schichten auf der CPU</translation>
    </message>
</context>
<context>
    <name>strata::domain::ConversationListModel</name>
    <message>
        <location filename="../domain/storage/conversation_list_model.cpp" line="25"/>
        <source>New chat</source>
        <translation>Neuer Chat</translation>
    </message>
    <message>
        <location filename="../domain/storage/conversation_list_model.cpp" line="30"/>
        <source>%1
Last change: %2</source>
        <translation>%1
Zuletzt geändert: %2</translation>
    </message>
</context>
<context>
    <name>strata::domain::models::DownloadListModel</name>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="88"/>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="89"/>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="90"/>
        <source>Progress</source>
        <translation>Fortschritt</translation>
    </message>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="91"/>
        <source>Speed</source>
        <translation>Geschwindigkeit</translation>
    </message>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="92"/>
        <source>Time left</source>
        <translation>Restzeit</translation>
    </message>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="93"/>
        <source>Details</source>
        <translation>Details</translation>
    </message>
</context>
<context>
    <name>strata::domain::models::DownloadManager</name>
    <message>
        <location filename="../domain/models/download_manager.cpp" line="95"/>
        <source>unfinished from an earlier session</source>
        <translation>unvollständig aus einer früheren Sitzung</translation>
    </message>
</context>
<context>
    <name>strata::domain::models::DownloadWorker</name>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="99"/>
        <source>no data for %1 s</source>
        <translation>seit %1 s keine Daten</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="106"/>
        <location filename="../domain/models/download_worker.cpp" line="415"/>
        <source>%1 already exists</source>
        <translation>%1 existiert bereits</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="108"/>
        <source>cannot create the folder %1</source>
        <translation>der Ordner %1 kann nicht angelegt werden</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="143"/>
        <source>cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="167"/>
        <source>resuming at %1</source>
        <translation>wird bei %1 fortgesetzt</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="210"/>
        <source>the server cannot resume at %1</source>
        <translation>der Server kann nicht bei %1 fortsetzen</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="216"/>
        <source>HTTP %1 %2 from %3</source>
        <translation>HTTP %1 %2 von %3</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="235"/>
        <source>the file on the server changed since the download began</source>
        <translation>die Datei auf dem Server hat sich seit Beginn des Downloads geändert</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="243"/>
        <source>the server resumed at another offset (%1)</source>
        <translation>der Server hat an einem anderen Offset fortgesetzt (%1)</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="264"/>
        <source>the server offers %1 bytes, expected %2</source>
        <translation>der Server bietet %1 Bytes an, erwartet waren %2</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="297"/>
        <source>the server sent more than the %1 bytes this file can have; the partial file was deleted</source>
        <translation>der Server hat mehr als die %1 Bytes gesendet, die diese Datei haben kann; die unvollständige Datei wurde gelöscht</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="328"/>
        <source>the connection closed at %1 of %2</source>
        <translation>die Verbindung wurde bei %1 von %2 geschlossen</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="334"/>
        <source>TLS verification failed: %1</source>
        <translation>TLS-Prüfung fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="347"/>
        <source>%1; starting over</source>
        <translation>%1; es wird von vorn begonnen</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="358"/>
        <source>gave up after %1 attempts without progress: %2</source>
        <translation>nach %1 Versuchen ohne Fortschritt aufgegeben: %2</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="362"/>
        <source>%1; retrying in %2 s (attempt %3 of %4)</source>
        <translation>%1; neuer Versuch in %2 s (Versuch %3 von %4)</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="379"/>
        <source>received %1 bytes but the file has %2; the partial file was deleted</source>
        <translation>%1 Bytes empfangen, aber die Datei hat %2; die unvollständige Datei wurde gelöscht</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="383"/>
        <source>%1 has %2 bytes on disk but %3 were received; the partial file was deleted</source>
        <translation>%1 hat %2 Bytes auf der Platte, empfangen wurden aber %3; die unvollständige Datei wurde gelöscht</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="390"/>
        <source>checking SHA-256</source>
        <translation>SHA-256 wird geprüft</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="409"/>
        <source>SHA-256 mismatch for %1: expected %2, got %3; the downloaded file was deleted</source>
        <translation>SHA-256 von %1 stimmt nicht: erwartet %2, erhalten %3; die heruntergeladene Datei wurde gelöscht</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="417"/>
        <source>cannot rename %1 to %2</source>
        <translation>%1 kann nicht in %2 umbenannt werden</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="421"/>
        <source>no hash to check</source>
        <translation>kein Hash zum Prüfen</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="421"/>
        <source>SHA-256 verified</source>
        <translation>SHA-256 geprüft</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="448"/>
        <source>%1 of free space left in %2</source>
        <translation>%1 freier Speicherplatz in %2</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="449"/>
        <source>free space in %1 unknown</source>
        <translation>freier Speicherplatz in %1 unbekannt</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="450"/>
        <source>cannot write %1: %2 (%3); the partial file was deleted</source>
        <translation>%1 kann nicht geschrieben werden: %2 (%3); die unvollständige Datei wurde gelöscht</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="517"/>
        <source>not enough disk space in %1: %2 needed, %3 free (%4 kept in reserve)</source>
        <translation>nicht genug Speicherplatz in %1: %2 nötig, %3 frei (%4 bleiben als Reserve)</translation>
    </message>
</context>
<context>
    <name>strata::domain::models::LibraryWorker</name>
    <message>
        <location filename="../domain/models/library_worker.cpp" line="132"/>
        <source>%1 is not a file</source>
        <translation>%1 ist keine Datei</translation>
    </message>
    <message>
        <location filename="../domain/models/library_worker.cpp" line="134"/>
        <source>%1 already exists</source>
        <translation>%1 existiert bereits</translation>
    </message>
    <message>
        <location filename="../domain/models/library_worker.cpp" line="136"/>
        <source>cannot create the folder %1</source>
        <translation>der Ordner %1 kann nicht angelegt werden</translation>
    </message>
    <message>
        <location filename="../domain/models/library_worker.cpp" line="147"/>
        <source>cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <location filename="../domain/models/library_worker.cpp" line="149"/>
        <source>cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <location filename="../domain/models/library_worker.cpp" line="157"/>
        <source>copying %1 failed: %2</source>
        <translation>Kopieren von %1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <location filename="../domain/models/library_worker.cpp" line="165"/>
        <source>cannot rename %1 to %2</source>
        <translation>%1 kann nicht in %2 umbenannt werden</translation>
    </message>
    <message>
        <location filename="../domain/models/library_worker.cpp" line="168"/>
        <source>copied, but cannot remove %1</source>
        <translation>kopiert, aber %1 kann nicht entfernt werden</translation>
    </message>
</context>
<context>
    <name>strata::domain::models::ModelLibrary</name>
    <message>
        <location filename="../domain/models/model_library.cpp" line="99"/>
        <location filename="../domain/models/model_library.cpp" line="124"/>
        <source>%1 is not in the library</source>
        <translation>%1 ist nicht in der Bibliothek</translation>
    </message>
    <message>
        <location filename="../domain/models/model_library.cpp" line="117"/>
        <source>could not delete %1</source>
        <translation>%1 konnte nicht gelöscht werden</translation>
    </message>
    <message>
        <location filename="../domain/models/model_library.cpp" line="130"/>
        <source>&apos;%1&apos; is not a valid file name</source>
        <translation>„%1“ ist kein gültiger Dateiname</translation>
    </message>
    <message>
        <location filename="../domain/models/model_library.cpp" line="139"/>
        <source>%1 already exists</source>
        <translation>%1 existiert bereits</translation>
    </message>
    <message>
        <location filename="../domain/models/model_library.cpp" line="144"/>
        <source>cannot rename %1 to %2</source>
        <translation>%1 kann nicht in %2 umbenannt werden</translation>
    </message>
</context>
<context>
    <name>strata::domain::models::ModelListModel</name>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="120"/>
        <source>RAM</source>
        <translation>RAM</translation>
    </message>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="121"/>
        <source>VRAM</source>
        <translation>VRAM</translation>
    </message>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="107"/>
        <source>RAM it needs on the CPU at the default context (up to 4096 tokens)</source>
        <translation>RAM-Bedarf auf der CPU beim Standardkontext (bis 4096 Tokens)</translation>
    </message>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="60"/>
        <source>%1
Unverified: it was downloaded without a published hash to check it against.</source>
        <translation>%1
Ungeprüft: Die Datei wurde ohne veröffentlichten Hash heruntergeladen, gegen den sie sich prüfen ließe.</translation>
    </message>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="31"/>
        <source>%1 (default)</source>
        <translation>%1 (Standard)</translation>
    </message>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="29"/>
        <source>%1 (default, added by hand)</source>
        <translation>%1 (Standard, von Hand hinzugefügt)</translation>
    </message>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="33"/>
        <source>%1 (added by hand)</source>
        <translation>%1 (von Hand hinzugefügt)</translation>
    </message>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="78"/>
        <source>%1 (%2 parts)</source>
        <translation>%1 (%2 Teile)</translation>
    </message>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="82"/>
        <source>%1 (%2 active)</source>
        <translation>%1 (%2 aktiv)</translation>
    </message>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="94"/>
        <source>OK (unverified)</source>
        <translation>OK (ungeprüft)</translation>
    </message>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="94"/>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="108"/>
        <source>VRAM it needs on a GPU at the default context (up to 4096 tokens); the Memory tab shows other contexts</source>
        <translation>VRAM-Bedarf auf einer GPU beim Standardkontext (bis 4096 Tokens); der Reiter Speicher zeigt andere Kontexte</translation>
    </message>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="113"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="114"/>
        <source>Architecture</source>
        <translation>Architektur</translation>
    </message>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="115"/>
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="116"/>
        <source>Quantization</source>
        <translation>Quantisierung</translation>
    </message>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="117"/>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="118"/>
        <source>Context</source>
        <translation>Kontext</translation>
    </message>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="119"/>
        <source>Experts</source>
        <translation>Experten</translation>
    </message>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="122"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
</context>
<context>
    <name>strata::ui::AbConfigEditor</name>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="16"/>
        <source>Adaptive</source>
        <translation>Adaptiv</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="17"/>
        <source>Fixed spin</source>
        <translation>Fester Spin</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="18"/>
        <source>Park at once</source>
        <translation>Sofort schlafen legen</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="19"/>
        <source>%1: waiting policy</source>
        <translation>%1: Wartestrategie</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="22"/>
        <source> µs</source>
        <translation> µs</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="23"/>
        <source>%1: spin time in microseconds</source>
        <translation>%1: Spin-Zeit in Mikrosekunden</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="25"/>
        <source>physical cores</source>
        <translation>physische Kerne</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="26"/>
        <source>%1: threads</source>
        <translation>%1: Threads</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="29"/>
        <source>%1: KV cache type</source>
        <translation>%1: KV-Cache-Typ</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="31"/>
        <source>%1: device</source>
        <translation>%1: Gerät</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="35"/>
        <source>%1: MoE experts</source>
        <translation>%1: MoE-Experten</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="36"/>
        <source>all in VRAM</source>
        <translation>alle im VRAM</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="37"/>
        <source>hybrid: VRAM cache</source>
        <translation>hybrid: VRAM-Cache</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="38"/>
        <source>first N layers on the CPU</source>
        <translation>erste N Schichten auf der CPU</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="42"/>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="43"/>
        <source>%1: expert VRAM budget</source>
        <translation>%1: VRAM-Budget der Experten</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="46"/>
        <source> layers</source>
        <translation> Schichten</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="47"/>
        <source>%1: layers with experts on the CPU</source>
        <translation>%1: Schichten mit Experten auf der CPU</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="50"/>
        <source>&amp;Waiting:</source>
        <translation>&amp;Warten:</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="51"/>
        <source>S&amp;pin time:</source>
        <translation>S&amp;pin-Zeit:</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="52"/>
        <source>&amp;Threads:</source>
        <translation>&amp;Threads:</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="53"/>
        <source>&amp;KV cache:</source>
        <translation>&amp;KV-Cache:</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="54"/>
        <source>&amp;Device:</source>
        <translation>&amp;Gerät:</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="55"/>
        <source>&amp;Experts:</source>
        <translation>&amp;Experten:</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="56"/>
        <source>Expert &amp;budget:</source>
        <translation>Experten-&amp;Budget:</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="57"/>
        <source>CPU expert &amp;layers:</source>
        <translation>CPU-Experten-&amp;Schichten:</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="79"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="81"/>
        <source>GPU %1: %2</source>
        <translation>GPU %1: %2</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="93"/>
        <source>GPU %1: not found</source>
        <translation>GPU %1: nicht gefunden</translation>
    </message>
</context>
<context>
    <name>strata::ui::AbDialog</name>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="57"/>
        <source>Configuration A</source>
        <translation>Konfiguration A</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="58"/>
        <source>Configuration B</source>
        <translation>Konfiguration B</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="59"/>
        <source>&amp;Start</source>
        <translation>&amp;Starten</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="60"/>
        <source>&amp;Cancel run</source>
        <translation>Lauf a&amp;bbrechen</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="61"/>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="61"/>
        <source>Config</source>
        <translation>Konfig.</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="61"/>
        <location filename="../ui/ab/ab_dialog.cpp" line="65"/>
        <location filename="../ui/ab/ab_dialog.cpp" line="91"/>
        <source>Prefill tok/s</source>
        <translation>Prefill Tok/s</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="61"/>
        <location filename="../ui/ab/ab_dialog.cpp" line="65"/>
        <location filename="../ui/ab/ab_dialog.cpp" line="91"/>
        <source>Decode tok/s</source>
        <translation>Decode Tok/s</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="62"/>
        <location filename="../ui/ab/ab_dialog.cpp" line="66"/>
        <location filename="../ui/ab/ab_dialog.cpp" line="91"/>
        <source>Process CPU %</source>
        <translation>Prozess-CPU %</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="62"/>
        <location filename="../ui/ab/ab_dialog.cpp" line="66"/>
        <location filename="../ui/ab/ab_dialog.cpp" line="92"/>
        <source>Completion wait p50 (µs)</source>
        <translation>Abschlusswarten p50 (µs)</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="64"/>
        <source>Median</source>
        <translation>Median</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="64"/>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="64"/>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="64"/>
        <source>B/A</source>
        <translation>B/A</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="68"/>
        <source>Export &amp;CSV…</source>
        <translation>&amp;CSV exportieren…</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="68"/>
        <source>Export &amp;JSON…</source>
        <translation>&amp;JSON exportieren…</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="71"/>
        <source>A/B run</source>
        <translation>A/B-Vergleich</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="74"/>
        <source>Explain in a few sentences why the sky is blue.</source>
        <translation>Erkläre in wenigen Sätzen, warum der Himmel blau ist.</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="76"/>
        <source>Prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="80"/>
        <source>Repetitions per configuration</source>
        <translation>Wiederholungen pro Konfiguration</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="83"/>
        <source>Tokens per reply</source>
        <translation>Tokens pro Antwort</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="105"/>
        <source>Model:</source>
        <translation>Modell:</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="107"/>
        <source>&amp;Prompt:</source>
        <translation>&amp;Prompt:</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="108"/>
        <source>&amp;Repetitions (each):</source>
        <translation>&amp;Wiederholungen (je):</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="109"/>
        <source>&amp;Tokens per reply:</source>
        <translation>&amp;Tokens pro Antwort:</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="113"/>
        <source>Runs alternate A B A B (the waiting policies: each in turn on A&apos;s model) after one warm-up each. A chat reply generated at the same time shares the CPU and skews the figures.</source>
        <translation>Die Läufe wechseln A B A B (die Warterichtlinien: eine nach der anderen auf dem Modell von A) nach je einem Aufwärmlauf. Eine gleichzeitig erzeugte Chat-Antwort teilt sich die CPU und verfälscht die Zahlen.</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="126"/>
        <source>Cl&amp;ose</source>
        <translation>S&amp;chließen</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="167"/>
        <source>No model loaded: load one in the chat window first.</source>
        <translation>Kein Modell geladen: Laden Sie zuerst eines im Chatfenster.</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="262"/>
        <source>Export A/B run as JSON</source>
        <translation>A/B-Vergleich als JSON exportieren</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="262"/>
        <source>Export A/B run as CSV</source>
        <translation>A/B-Vergleich als CSV exportieren</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="264"/>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="264"/>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="97"/>
        <source>Configuration A against B</source>
        <translation>Konfiguration A gegen B</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="98"/>
        <source>Waiting policies: adaptive, park, fixed 100 µs, fixed 20 ms (A&apos;s threads and KV cache)</source>
        <translation>Warterichtlinien: adaptiv, parken, fest 100 µs, fest 20 ms (Threads und KV-Cache von A)</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="100"/>
        <source>What to compare</source>
        <translation>Was verglichen wird</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="101"/>
        <source>Ratios are to the best fixed policy of this run (park, fixed 100 µs or fixed 20 ms): the fastest prefill, the fastest decode, and that fastest decode&apos;s CPU.</source>
        <translation>Verhältnisse zur besten festen Richtlinie dieses Laufs (parken, fest 100 µs oder fest 20 ms): zum schnellsten Prefill, zum schnellsten Decode und zur CPU dieses schnellsten Decodes.</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="106"/>
        <source>Co&amp;mpare:</source>
        <translation>&amp;Vergleichen:</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="65"/>
        <source>Policy</source>
        <translation>Richtlinie</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="65"/>
        <location filename="../ui/ab/ab_dialog.cpp" line="66"/>
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
        <location filename="../ui/about_dialog.cpp" line="20"/>
        <source>&lt;h2&gt;Strata %1&lt;/h2&gt;&lt;p&gt;Run large language models locally.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Strata %1&lt;/h2&gt;&lt;p&gt;Große Sprachmodelle lokal ausführen.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../ui/about_dialog.cpp" line="23"/>
        <source>Qt %1 (built with %2)</source>
        <translation>Qt %1 (gebaut mit %2)</translation>
    </message>
    <message>
        <location filename="../ui/about_dialog.cpp" line="29"/>
        <source>Feature</source>
        <translation>Funktion</translation>
    </message>
    <message>
        <location filename="../ui/about_dialog.cpp" line="29"/>
        <source>Built in</source>
        <translation>Enthalten</translation>
    </message>
    <message>
        <location filename="../ui/about_dialog.cpp" line="29"/>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <location filename="../ui/about_dialog.cpp" line="31"/>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <location filename="../ui/about_dialog.cpp" line="31"/>
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
        <location filename="../ui/settings/appearance_page.cpp" line="25"/>
        <source>A new language takes effect when Strata starts next.</source>
        <translation>Eine neue Sprache gilt ab dem nächsten Start von Strata.</translation>
    </message>
    <message>
        <location filename="../ui/settings/appearance_page.cpp" line="29"/>
        <source>T&amp;heme:</source>
        <translation>&amp;Design:</translation>
    </message>
    <message>
        <location filename="../ui/settings/appearance_page.cpp" line="30"/>
        <source>&amp;Language:</source>
        <translation>&amp;Sprache:</translation>
    </message>
</context>
<context>
    <name>strata::ui::CataloguePage</name>
    <message>
        <location filename="../ui/models/catalogue_page.cpp" line="26"/>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <location filename="../ui/models/catalogue_page.cpp" line="26"/>
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <location filename="../ui/models/catalogue_page.cpp" line="26"/>
        <source>Quantization</source>
        <translation>Quantisierung</translation>
    </message>
    <message>
        <location filename="../ui/models/catalogue_page.cpp" line="26"/>
        <source>Size (approx.)</source>
        <translation>Größe (ca.)</translation>
    </message>
    <message>
        <location filename="../ui/models/catalogue_page.cpp" line="26"/>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <location filename="../ui/models/catalogue_page.cpp" line="26"/>
        <source>License</source>
        <translation>Lizenz</translation>
    </message>
    <message>
        <location filename="../ui/models/catalogue_page.cpp" line="42"/>
        <source>&amp;Download selected</source>
        <translation>Auswahl &amp;herunterladen</translation>
    </message>
    <message>
        <location filename="../ui/models/catalogue_page.cpp" line="49"/>
        <source>Download &amp;URL</source>
        <translation>&amp;URL herunterladen</translation>
    </message>
    <message>
        <location filename="../ui/models/catalogue_page.cpp" line="65"/>
        <source>Any &amp;HTTPS URL:</source>
        <translation>Beliebige &amp;HTTPS-URL:</translation>
    </message>
    <message>
        <location filename="../ui/models/catalogue_page.cpp" line="69"/>
        <source>Save &amp;to:</source>
        <translation>Speichern &amp;unter:</translation>
    </message>
    <message>
        <location filename="../ui/models/catalogue_page.cpp" line="72"/>
        <source>Popular models (sizes are approximate; downloads are checked against the server&apos;s size and SHA-256):</source>
        <translation>Beliebte Modelle (Größen sind ungefähr; Downloads werden gegen die Größe und SHA-256 des Servers geprüft):</translation>
    </message>
    <message>
        <location filename="../ui/models/catalogue_page.cpp" line="105"/>
        <location filename="../ui/models/catalogue_page.cpp" line="123"/>
        <source>Downloading %1 to %2</source>
        <translation>%1 wird nach %2 heruntergeladen</translation>
    </message>
    <message>
        <location filename="../ui/models/catalogue_page.cpp" line="115"/>
        <source>The URL does not name a file</source>
        <translation>Die URL nennt keine Datei</translation>
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
        <location filename="../ui/chat/chat_panel.cpp" line="18"/>
        <source>Sto&amp;p</source>
        <translation>Sto&amp;pp</translation>
    </message>
    <message>
        <location filename="../ui/chat/chat_panel.cpp" line="19"/>
        <source>&amp;Regenerate</source>
        <translation>&amp;Neu erzeugen</translation>
    </message>
    <message>
        <location filename="../ui/chat/chat_panel.cpp" line="26"/>
        <source>Editing a message: Enter sends it again and replaces what followed; Esc cancels.</source>
        <translation>Nachricht bearbeiten: Eingabe sendet sie erneut und ersetzt, was folgte; Esc bricht ab.</translation>
    </message>
    <message>
        <location filename="../ui/chat/chat_panel.cpp" line="33"/>
        <source>Stop the reply (Esc)</source>
        <translation>Antwort anhalten (Esc)</translation>
    </message>
    <message>
        <location filename="../ui/chat/chat_panel.cpp" line="34"/>
        <source>Write the last reply again</source>
        <translation>Die letzte Antwort neu schreiben</translation>
    </message>
</context>
<context>
    <name>strata::ui::ChatView</name>
    <message>
        <location filename="../ui/chat/chat_view.cpp" line="48"/>
        <source>Conversation</source>
        <translation>Chatverlauf</translation>
    </message>
    <message>
        <location filename="../ui/chat/chat_view.cpp" line="296"/>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <location filename="../ui/chat/chat_view.cpp" line="296"/>
        <source>Note</source>
        <translation>Hinweis</translation>
    </message>
</context>
<context>
    <name>strata::ui::CodeBlockView</name>
    <message>
        <location filename="../ui/chat/code_block_view.cpp" line="26"/>
        <source>code</source>
        <translation>Code</translation>
    </message>
    <message>
        <location filename="../ui/chat/code_block_view.cpp" line="29"/>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <location filename="../ui/chat/code_block_view.cpp" line="30"/>
        <source>Copy this code</source>
        <translation>Diesen Code kopieren</translation>
    </message>
    <message>
        <location filename="../ui/chat/code_block_view.cpp" line="31"/>
        <source>Copy code</source>
        <translation>Code kopieren</translation>
    </message>
    <message>
        <location filename="../ui/chat/code_block_view.cpp" line="44"/>
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
        <location filename="../ui/chat/conversation_sidebar.cpp" line="21"/>
        <source>&amp;New chat</source>
        <translation>&amp;Neuer Chat</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_sidebar.cpp" line="26"/>
        <location filename="../ui/chat/conversation_sidebar.cpp" line="27"/>
        <source>Search chats</source>
        <translation>Chats durchsuchen</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_sidebar.cpp" line="32"/>
        <source>Chats</source>
        <translation>Chats</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_sidebar.cpp" line="41"/>
        <location filename="../ui/chat/conversation_sidebar.cpp" line="110"/>
        <source>Delete chat</source>
        <translation>Chat löschen</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_sidebar.cpp" line="111"/>
        <source>Delete &quot;%1&quot; and all its messages? This cannot be undone.</source>
        <translation>„%1“ und alle seine Nachrichten löschen? Das kann nicht rückgängig gemacht werden.</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_sidebar.cpp" line="114"/>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_sidebar.cpp" line="130"/>
        <source>&amp;Rename</source>
        <translation>&amp;Umbenennen</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_sidebar.cpp" line="131"/>
        <source>&amp;Delete...</source>
        <translation>&amp;Löschen...</translation>
    </message>
</context>
<context>
    <name>strata::ui::CpuCoresPanel</name>
    <message>
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="36"/>
        <source>busy</source>
        <translation>beschäftigt</translation>
    </message>
    <message>
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="37"/>
        <source>spinning</source>
        <translation>wartet aktiv</translation>
    </message>
    <message>
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="38"/>
        <source>parked</source>
        <translation>schläft</translation>
    </message>
    <message>
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="39"/>
        <source>starting</source>
        <translation>startet</translation>
    </message>
    <message>
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="40"/>
        <source>stopped</source>
        <translation>beendet</translation>
    </message>
    <message>
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="49"/>
        <source>CPU load per core</source>
        <translation>CPU-Last je Kern</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="122"/>
        <source>S: stagers, %n thread(s), %1 cores</source>
        <translation>
            <numerusform>S: Stager, %n Thread, %1 Kerne</numerusform>
            <numerusform>S: Stager, %n Threads, %1 Kerne</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="138"/>
        <source>cell: load · H: engine thread</source>
        <translation>Zelle: Last · H: Engine-Thread</translation>
    </message>
    <message>
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="263"/>
        <source>CPU %1: %2% busy</source>
        <translation>CPU %1: %2% ausgelastet</translation>
    </message>
    <message>
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="264"/>
        <source>CPU %1</source>
        <translation>CPU %1</translation>
    </message>
    <message>
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="265"/>
        <source>CPU %1: offline</source>
        <translation>CPU %1: offline</translation>
    </message>
    <message>
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="267"/>
        <source>
pool worker %1: %2</source>
        <translation>
Pool-Worker %1: %2</translation>
    </message>
    <message>
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="269"/>
        <source>
engine thread (pool host): %1</source>
        <translation>
Engine-Thread (Pool-Host): %1</translation>
    </message>
    <message>
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="271"/>
        <source>
an expert stager last ran here</source>
        <translation>
zuletzt lief hier ein Experten-Stager</translation>
    </message>
</context>
<context>
    <name>strata::ui::DownloadsPage</name>
    <message>
        <location filename="../ui/models/downloads_page.cpp" line="57"/>
        <location filename="../ui/models/downloads_page.cpp" line="99"/>
        <source>&amp;Pause</source>
        <translation>&amp;Anhalten</translation>
    </message>
    <message>
        <location filename="../ui/models/downloads_page.cpp" line="60"/>
        <source>&amp;Cancel download</source>
        <translation>Download a&amp;bbrechen</translation>
    </message>
    <message>
        <location filename="../ui/models/downloads_page.cpp" line="99"/>
        <source>&amp;Resume</source>
        <translation>&amp;Fortsetzen</translation>
    </message>
    <message>
        <location filename="../ui/models/downloads_page.cpp" line="121"/>
        <source>Cancel download</source>
        <translation>Download abbrechen</translation>
    </message>
    <message>
        <location filename="../ui/models/downloads_page.cpp" line="121"/>
        <source>Stop downloading and delete the partial file?</source>
        <translation>Download beenden und die unvollständige Datei löschen?</translation>
    </message>
</context>
<context>
    <name>strata::ui::EngineSettingsPage</name>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="32"/>
        <source>&amp;Pin worker threads to cores</source>
        <translation>Worker-Threads an Kerne &amp;binden</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="41"/>
        <source>automatic (physical cores: %1)</source>
        <translation>automatisch (physische Kerne: %1)</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="42"/>
        <source>Threads</source>
        <translation>Threads</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="44"/>
        <source>Physical cores on this machine: %1. One thread per physical core is usually fastest: the matrix work is limited by memory bandwidth and each core&apos;s vector units, and a second hardware thread on the same core (SMT) shares both, so it adds waiting, not speed.</source>
        <translation>Physische Kerne auf diesem Rechner: %1. Ein Thread pro physischem Kern ist meist am schnellsten: Die Matrixarbeit ist durch die Speicherbandbreite und die Vektoreinheiten jedes Kerns begrenzt, und ein zweiter Hardware-Thread auf demselben Kern (SMT) teilt sich beides – er bringt Warten, keine Geschwindigkeit.</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="53"/>
        <source>Pinned workers never migrate between cores. This helps on an otherwise idle machine and hurts when other programs need the same cores.</source>
        <translation>Gebundene Worker wechseln nie den Kern. Das hilft auf einem sonst unbeschäftigten Rechner und schadet, wenn andere Programme dieselben Kerne brauchen.</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="59"/>
        <source>the model&apos;s (up to 4096)</source>
        <translation>die des Modells (bis 4096)</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="60"/>
        <location filename="../ui/settings/engine_settings_page.cpp" line="74"/>
        <source> tokens</source>
        <translation> Tokens</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="61"/>
        <source>Context length</source>
        <translation>Kontextlänge</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="64"/>
        <source>f16 (exact)</source>
        <translation>f16 (exakt)</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="65"/>
        <source>q8_0 (half the memory)</source>
        <translation>q8_0 (halber Speicher)</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="66"/>
        <source>KV cache type</source>
        <translation>KV-Cache-Typ</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="75"/>
        <source>Prefill batch size</source>
        <translation>Prefill-Batchgröße</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="72"/>
        <location filename="../ui/settings/engine_settings_page.cpp" line="147"/>
        <source>Automatic</source>
        <translation>Automatisch</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="87"/>
        <location filename="../ui/settings/engine_settings_page.cpp" line="217"/>
        <source>GPUs %1: layers split</source>
        <translation>GPUs %1: Schichten aufgeteilt</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="89"/>
        <source>Budget per GPU</source>
        <translation>Budget je GPU</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="90"/>
        <source>all free VRAM on each</source>
        <translation>jeweils der ganze freie VRAM</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="94"/>
        <source>For a split over several GPUs: the MiB the model may take on each, in the order of the list, e.g. &quot;20000, 0&quot; (0: all free VRAM). Each GPU gets a share of the layers in proportion, with their KV cache.</source>
        <translation>Bei einer Aufteilung auf mehrere GPUs: wie viele MiB das Modell auf jeder belegen darf, in der Reihenfolge der Liste, z.&#xa0;B. &quot;20000, 0&quot; (0: der ganze freie VRAM). Jede GPU erhält einen entsprechenden Anteil der Schichten samt deren KV-Cache.</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="119"/>
        <source>adaptive (sleeps until the GPU is nearly done, then polls)</source>
        <translation>adaptiv (schläft, bis die GPU fast fertig ist, dann Abfrage)</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="121"/>
        <source>How the engine thread waits for each step on the GPU. Blocking sync leaves the core to other work; spinning reacts a little sooner but keeps a core busy; adaptive sleeps until a step is nearly done, then polls briefly.</source>
        <translation>Wie der Engine-Thread auf jeden Schritt der GPU wartet. Blockierend überlässt den Kern anderer Arbeit; aktives Warten reagiert etwas früher, hält aber einen Kern beschäftigt; adaptiv schläft, bis ein Schritt fast fertig ist, und fragt dann kurz ab.</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="126"/>
        <source>MoE experts</source>
        <translation>MoE-Experten</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="127"/>
        <source>all in VRAM</source>
        <translation>alle im VRAM</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="128"/>
        <source>hybrid: VRAM cache of the hottest experts</source>
        <translation>hybrid: VRAM-Cache der meistgenutzten Experten</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="129"/>
        <source>first N layers&apos; experts on the CPU</source>
        <translation>Experten der ersten N Schichten auf der CPU</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="130"/>
        <source>Where a mixture-of-experts model&apos;s experts live when it runs on the GPU. The experts not in VRAM run on the CPU&apos;s worker pool at the same time as the GPU, so a model larger than the VRAM still runs mostly on the GPU. Other models ignore this.</source>
        <translation>Wo die Experten eines Mixture-of-Experts-Modells liegen, wenn es auf der GPU läuft. Experten, die nicht im VRAM liegen, laufen zur selben Zeit wie die GPU im Worker-Pool der CPU, sodass ein Modell, das größer als der VRAM ist, trotzdem größtenteils auf der GPU läuft. Andere Modelle ignorieren diese Einstellung.</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="136"/>
        <source>none: every expert on the CPU</source>
        <translation>keines: alle Experten auf der CPU</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="138"/>
        <source>Expert VRAM budget</source>
        <translation>VRAM-Budget der Experten</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="139"/>
        <source>VRAM for the experts the model&apos;s routing uses most; it learns which while you chat and remembers them for the next start.</source>
        <translation>VRAM für die Experten, die das Routing des Modells am häufigsten wählt; welche das sind, lernt es während Sie chatten, und es merkt sie sich für den nächsten Start.</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="143"/>
        <source> layers</source>
        <translation> Schichten</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="144"/>
        <source>Layers with experts on the CPU</source>
        <translation>Schichten mit Experten auf der CPU</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="170"/>
        <source>&amp;Threads:</source>
        <translation>&amp;Threads:</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="172"/>
        <source>Affinity:</source>
        <translation>Affinität:</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="173"/>
        <source>&amp;Context length:</source>
        <translation>&amp;Kontextlänge:</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="174"/>
        <source>&amp;KV cache type:</source>
        <translation>KV-Cache-&amp;Typ:</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="175"/>
        <source>Prefill &amp;batch size:</source>
        <translation>Prefill-&amp;Batchgröße:</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="80"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="82"/>
        <source>GPU %1: %2</source>
        <translation>GPU %1: %2</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="79"/>
        <source>Device</source>
        <translation>Gerät</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="98"/>
        <source>No GPU the engine can use was found, so models run on the CPU.</source>
        <translation>Es wurde keine GPU gefunden, die die Engine nutzen kann; Modelle laufen auf der CPU.</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="99"/>
        <source>A model that does not fit on the GPU is not loaded, and the one loaded before stays; Strata does not move it to the CPU by itself. The error says how much VRAM it needs; choose the CPU here to run it there.</source>
        <translation>Ein Modell, das nicht auf die GPU passt, wird nicht geladen, und das zuvor geladene bleibt; Strata weicht nicht selbst auf die CPU aus. Die Fehlermeldung nennt den VRAM-Bedarf; wählen Sie hier die CPU, um es dort auszuführen.</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="109"/>
        <source>all free VRAM</source>
        <translation>gesamter freier VRAM</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="110"/>
        <location filename="../ui/settings/engine_settings_page.cpp" line="137"/>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="111"/>
        <source>VRAM budget</source>
        <translation>VRAM-Budget</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="112"/>
        <source>The most the model may take on the GPU: weights, KV cache and scratch.</source>
        <translation>Höchstens so viel darf das Modell auf der GPU belegen: Gewichte, KV-Cache und Puffer.</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="148"/>
        <source>On</source>
        <translation>Ein</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="149"/>
        <source>Off</source>
        <translation>Aus</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="150"/>
        <source>Wake the CPU&apos;s workers ahead</source>
        <translation>CPU-Worker vorab wecken</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="151"/>
        <source>On: the worker threads for a layer&apos;s CPU experts are woken when the GPU has its work and sleep between layers. Off: they are woken when the routing reaches the CPU. Automatic: on while few experts per layer miss the VRAM, where it saves CPU, and off while many do, where it costs speed.</source>
        <translation>Ein: Die Worker-Threads für die CPU-Experten einer Schicht werden geweckt, sobald die GPU ihre Arbeit hat, und schlafen zwischen den Schichten. Aus: Sie werden geweckt, wenn das Routing die CPU erreicht. Automatisch: ein, solange pro Schicht wenige Experten nicht im VRAM liegen (dort spart es CPU), und aus, solange es viele sind (dort kostet es Geschwindigkeit).</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="176"/>
        <source>&amp;Device:</source>
        <translation>&amp;Gerät:</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="178"/>
        <source>Budget per &amp;GPU (MiB):</source>
        <translation>Budget je &amp;GPU (MiB):</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="179"/>
        <source>&amp;VRAM budget:</source>
        <translation>&amp;VRAM-Budget:</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="181"/>
        <source>MoE &amp;experts:</source>
        <translation>MoE-&amp;Experten:</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="182"/>
        <source>Expert VRAM b&amp;udget:</source>
        <translation>VRAM-B&amp;udget der Experten:</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="183"/>
        <source>Expert &amp;layers on the CPU:</source>
        <translation>Experten-&amp;Schichten auf der CPU:</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="184"/>
        <source>Wake the CPU&apos;s workers a&amp;head:</source>
        <translation>CPU-Worker &amp;vorab wecken:</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="221"/>
        <source>GPU %1: not found</source>
        <translation>GPU %1: nicht gefunden</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="115"/>
        <source>GPU wait</source>
        <translation>GPU-Warten</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="116"/>
        <source>blocking sync (the host sleeps)</source>
        <translation>blockierend (der Host schläft)</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="117"/>
        <source>spin (takes a whole core)</source>
        <translation>aktiv warten (belegt einen ganzen Kern)</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="118"/>
        <source>yield (polls, yielding the core)</source>
        <translation>abgeben (fragt ab und gibt den Kern frei)</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="180"/>
        <source>GPU &amp;wait:</source>
        <translation>GPU-&amp;Warten:</translation>
    </message>
</context>
<context>
    <name>strata::ui::ExpertMapPanel</name>
    <message>
        <location filename="../ui/panels/expert_map_panel.cpp" line="35"/>
        <source>VRAM, hit</source>
        <translation>VRAM, Treffer</translation>
    </message>
    <message>
        <location filename="../ui/panels/expert_map_panel.cpp" line="36"/>
        <source>VRAM, unused</source>
        <translation>VRAM, ungenutzt</translation>
    </message>
    <message>
        <location filename="../ui/panels/expert_map_panel.cpp" line="37"/>
        <source>missed: ran on the CPU</source>
        <translation>verfehlt: lief auf der CPU</translation>
    </message>
    <message>
        <location filename="../ui/panels/expert_map_panel.cpp" line="38"/>
        <source>CPU, unused</source>
        <translation>CPU, ungenutzt</translation>
    </message>
    <message>
        <location filename="../ui/panels/expert_map_panel.cpp" line="54"/>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <location filename="../ui/panels/expert_map_panel.cpp" line="55"/>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <location filename="../ui/panels/expert_map_panel.cpp" line="64"/>
        <location filename="../ui/panels/expert_map_panel.cpp" line="93"/>
        <source>No hybrid model loaded</source>
        <translation>Kein hybrides Modell geladen</translation>
    </message>
    <message>
        <location filename="../ui/panels/expert_map_panel.cpp" line="67"/>
        <source>Expert cache map</source>
        <translation>Karte des Experten-Caches</translation>
    </message>
    <message>
        <location filename="../ui/panels/expert_map_panel.cpp" line="128"/>
        <source>%1 layers × %2 experts, %3 · hits %4% · CPU experts %5 ms/token</source>
        <translation>%1 Schichten × %2 Experten, %3 · Treffer %4 % · CPU-Experten %5 ms/Token</translation>
    </message>
    <message>
        <location filename="../ui/panels/expert_map_panel.cpp" line="131"/>
        <source>static</source>
        <translation>statisch</translation>
    </message>
    <message>
        <location filename="../ui/panels/expert_map_panel.cpp" line="131"/>
        <source>learnt cache</source>
        <translation>gelernter Cache</translation>
    </message>
    <message>
        <location filename="../ui/panels/expert_map_panel.cpp" line="135"/>
        <source>completion wait p50 / p99: %1 / %2 · PCIe %3 MiB/token</source>
        <translation>Abschlusswartezeit p50 / p99: %1 / %2 · PCIe %3 MiB/Token</translation>
    </message>
    <message>
        <location filename="../ui/panels/expert_map_panel.cpp" line="247"/>
        <source>layer %1, expert %2: %3</source>
        <translation>Schicht %1, Experte %2: %3</translation>
    </message>
    <message>
        <location filename="../ui/panels/expert_map_panel.cpp" line="250"/>
        <source>
heat %1</source>
        <translation>
Wärme %1</translation>
    </message>
</context>
<context>
    <name>strata::ui::GpuPanel</name>
    <message>
        <location filename="../ui/panels/gpu_panel.cpp" line="16"/>
        <source>utilisation %</source>
        <translation>Auslastung %</translation>
    </message>
    <message>
        <location filename="../ui/panels/gpu_panel.cpp" line="17"/>
        <source>VRAM %</source>
        <translation>VRAM %</translation>
    </message>
    <message>
        <location filename="../ui/panels/gpu_panel.cpp" line="12"/>
        <source>GPU utilisation and VRAM, last minute</source>
        <translation>GPU-Auslastung und VRAM, letzte Minute</translation>
    </message>
    <message>
        <location filename="../ui/panels/gpu_panel.cpp" line="29"/>
        <source>No NVIDIA driver: GPU figures are not available.</source>
        <translation>Kein NVIDIA-Treiber: keine GPU-Werte verfügbar.</translation>
    </message>
    <message>
        <location filename="../ui/panels/gpu_panel.cpp" line="32"/>
        <source>No GPU figures: %1</source>
        <translation>Keine GPU-Werte: %1</translation>
    </message>
    <message>
        <location filename="../ui/panels/gpu_panel.cpp" line="41"/>
        <source>GPU %1 %2: %3% · VRAM %4 / %5 GiB</source>
        <translation>GPU %1 %2: %3% · VRAM %4 / %5 GiB</translation>
    </message>
    <message>
        <location filename="../ui/panels/gpu_panel.cpp" line="51"/>
        <source> · %1 W</source>
        <translation> · %1 W</translation>
    </message>
    <message>
        <location filename="../ui/panels/gpu_panel.cpp" line="53"/>
        <source> · %1 °C</source>
        <translation> · %1 °C</translation>
    </message>
    <message>
        <location filename="../ui/panels/gpu_panel.cpp" line="48"/>
        <source>, Strata %1 GiB</source>
        <translation>, Strata %1 GiB</translation>
    </message>
</context>
<context>
    <name>strata::ui::LibraryPage</name>
    <message>
        <location filename="../ui/models/library_page.cpp" line="33"/>
        <source>Filter models</source>
        <translation>Modelle filtern</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="66"/>
        <source>&amp;Load in chat</source>
        <translation>Im Chat &amp;laden</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="67"/>
        <source>Set as &amp;default</source>
        <translation>Als &amp;Standard festlegen</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="68"/>
        <source>Re&amp;name…</source>
        <translation>&amp;Umbenennen…</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="69"/>
        <source>Show in &amp;folder</source>
        <translation>Im &amp;Ordner zeigen</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="70"/>
        <source>&amp;Remove…</source>
        <translation>&amp;Entfernen…</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="71"/>
        <source>&amp;Import file…</source>
        <translation>Datei &amp;importieren…</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="72"/>
        <source>Add f&amp;older…</source>
        <translation>Ord&amp;ner hinzufügen…</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="73"/>
        <source>Re&amp;scan</source>
        <translation>Neu &amp;durchsuchen</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/models/library_page.cpp" line="114"/>
        <source>%n model(s) in %1</source>
        <translation>
            <numerusform>%n Modell in %1</numerusform>
            <numerusform>%n Modelle in %1</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="121"/>
        <source>Imported %1</source>
        <translation>%1 importiert</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="121"/>
        <source>Import failed: %1</source>
        <translation>Import fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="175"/>
        <source>Rename model</source>
        <translation>Modell umbenennen</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="175"/>
        <source>New file name:</source>
        <translation>Neuer Dateiname:</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="180"/>
        <source>Renamed to %1</source>
        <translation>In %1 umbenannt</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="192"/>
        <source>Remove %1 from the library? The file stays on the disk.</source>
        <translation>%1 aus der Bibliothek entfernen? Die Datei bleibt auf der Festplatte.</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="195"/>
        <source>Remove model</source>
        <translation>Modell entfernen</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="193"/>
        <source>Delete %1 from the disk? This cannot be undone.</source>
        <translation>%1 von der Festplatte löschen? Das lässt sich nicht rückgängig machen.</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="199"/>
        <source>Deleted %1</source>
        <translation>%1 gelöscht</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="199"/>
        <source>Removed %1 from the library</source>
        <translation>%1 aus der Bibliothek entfernt</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="212"/>
        <source>Import a GGUF model</source>
        <translation>GGUF-Modell importieren</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="213"/>
        <source>GGUF models (*.gguf);;All files (*)</source>
        <translation>GGUF-Modelle (*.gguf);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="217"/>
        <source>Import model</source>
        <translation>Modell importieren</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="217"/>
        <source>Move %1 into the library folder instead of copying it?</source>
        <translation>%1 in den Bibliotheksordner verschieben statt kopieren?</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="221"/>
        <source>Importing %1…</source>
        <translation>%1 wird importiert…</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="227"/>
        <source>Add a folder of models</source>
        <translation>Ordner mit Modellen hinzufügen</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="229"/>
        <source>%1 is already in the library</source>
        <translation>%1 ist bereits in der Bibliothek</translation>
    </message>
</context>
<context>
    <name>strata::ui::MainWindow</name>
    <message>
        <location filename="../ui/main_window.cpp" line="48"/>
        <source>Strata</source>
        <translation>Strata</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="51"/>
        <location filename="../ui/main_window.cpp" line="139"/>
        <source>Chat se&amp;ttings...</source>
        <translation>Chat-Einstellun&amp;gen...</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="76"/>
        <location filename="../ui/main_window.cpp" line="230"/>
        <source>No model loaded</source>
        <translation>Kein Modell geladen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="99"/>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="101"/>
        <source>&amp;New chat</source>
        <translation>&amp;Neuer Chat</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="104"/>
        <source>&amp;Open GGUF model...</source>
        <translation>GGUF-Modell ö&amp;ffnen...</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="106"/>
        <source>&amp;Load document...</source>
        <translation>Dokument &amp;laden...</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="109"/>
        <source>&amp;Paste as document</source>
        <translation>Als Dokument ei&amp;nfügen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="111"/>
        <source>&amp;Models…</source>
        <translation>&amp;Modelle…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="116"/>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="119"/>
        <source>&amp;Chat</source>
        <translation>&amp;Chat</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="121"/>
        <source>&amp;Write a message</source>
        <translation>Nachricht &amp;schreiben</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="124"/>
        <source>&amp;Stop</source>
        <translation>Ant&amp;wort anhalten</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="128"/>
        <source>&amp;Regenerate</source>
        <translation>&amp;Neu erzeugen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="131"/>
        <source>Re&amp;name chat</source>
        <translation>Chat &amp;umbenennen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="133"/>
        <source>&amp;Delete chat...</source>
        <translation>Chat &amp;löschen...</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="134"/>
        <source>Searc&amp;h chats</source>
        <translation>Chats durch&amp;suchen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="147"/>
        <source>&amp;Tools</source>
        <translation>&amp;Werkzeuge</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="149"/>
        <source>&amp;Settings…</source>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="152"/>
        <source>&amp;A/B run…</source>
        <translation>&amp;A/B-Vergleich…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="157"/>
        <source>API server</source>
        <translation>API-Server</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="163"/>
        <source>API &amp;server</source>
        <translation>API-&amp;Server</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="167"/>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="169"/>
        <source>&amp;About Strata</source>
        <translation>&amp;Über Strata</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="171"/>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="197"/>
        <source>Load a document</source>
        <translation>Ein Dokument laden</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="198"/>
        <source>Text documents (*.txt *.md *.markdown *.rst *.csv *.json *.log);;All files (*)</source>
        <translation>Textdokumente (*.txt *.md *.markdown *.rst *.csv *.json *.log);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="205"/>
        <source>it is larger than %1 MiB</source>
        <translation>es ist größer als %1 MiB</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="209"/>
        <source>Load document</source>
        <translation>Dokument laden</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="209"/>
        <source>Cannot load %1: %2</source>
        <translation>%1 kann nicht geladen werden: %2</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="221"/>
        <source>Pasted text</source>
        <translation>Eingefügter Text</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="232"/>
        <source>Model loaded</source>
        <translation>Modell geladen</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="142"/>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="234"/>
        <source>Model loaded, running on %1</source>
        <translation>Modell geladen, läuft auf %1</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="242"/>
        <source>Remote model %1: the panels&apos; CPU, pool and GPU figures are this computer&apos;s and do not apply to it; each reply&apos;s rate and time to first token come from its stream.</source>
        <translation>Entferntes Modell %1: Die CPU-, Pool- und GPU-Werte der Panels gehören zu diesem Computer und gelten nicht dafür; Rate und Zeit bis zum ersten Token jeder Antwort stammen aus ihrem Stream.</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="252"/>
        <source>Remote reply: %1 tok/s, first token after %2 ms (measured from the stream; local CPU and GPU figures do not apply).</source>
        <translation>Entfernte Antwort: %1 tok/s, erstes Token nach %2 ms (aus dem Stream gemessen; lokale CPU- und GPU-Werte gelten nicht).</translation>
    </message>
</context>
<context>
    <name>strata::ui::MessageBody</name>
    <message>
        <location filename="../ui/chat/message_body.cpp" line="34"/>
        <source>Message text</source>
        <translation>Nachrichtentext</translation>
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
        <location filename="../ui/chat/message_widget.cpp" line="56"/>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <location filename="../ui/chat/message_widget.cpp" line="57"/>
        <source>Copy the whole message</source>
        <translation>Die ganze Nachricht kopieren</translation>
    </message>
    <message>
        <location filename="../ui/chat/message_widget.cpp" line="64"/>
        <source>Edit</source>
        <translation>Bearbeiten</translation>
    </message>
    <message>
        <location filename="../ui/chat/message_widget.cpp" line="65"/>
        <source>Edit this message and send it again</source>
        <translation>Diese Nachricht bearbeiten und erneut senden</translation>
    </message>
    <message>
        <location filename="../ui/chat/message_widget.cpp" line="70"/>
        <source>Regenerate</source>
        <translation>Neu erzeugen</translation>
    </message>
    <message>
        <location filename="../ui/chat/message_widget.cpp" line="71"/>
        <source>Write this reply again</source>
        <translation>Diese Antwort neu schreiben</translation>
    </message>
    <message>
        <location filename="../ui/chat/message_widget.cpp" line="96"/>
        <source>Interrupted: the app ended before this reply was finished.</source>
        <translation>Unterbrochen: Die App wurde beendet, bevor diese Antwort fertig war.</translation>
    </message>
</context>
<context>
    <name>strata::ui::ModelDetailsWidget</name>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="64"/>
        <source>&amp;Context length:</source>
        <translation>&amp;Kontextlänge:</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="65"/>
        <source>&amp;KV cache type:</source>
        <translation>KV-Cache-&amp;Typ:</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="72"/>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="58"/>
        <source>RAM (CPU)</source>
        <translation>RAM (CPU)</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="30"/>
        <source>Key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="30"/>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="50"/>
        <source>f16 (2 bytes per value)</source>
        <translation>f16 (2 Bytes pro Wert)</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="51"/>
        <source>q8_0 (34 bytes per 32 values)</source>
        <translation>q8_0 (34 Bytes pro 32 Werte)</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="58"/>
        <source>VRAM (GPU)</source>
        <translation>VRAM (GPU)</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="59"/>
        <source>Weights</source>
        <translation>Gewichte</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="59"/>
        <source>KV cache</source>
        <translation>KV-Cache</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="59"/>
        <source>Buffers</source>
        <translation>Puffer</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="59"/>
        <source>Total</source>
        <translation>Gesamt</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="70"/>
        <source>Metadata</source>
        <translation>Metadaten</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="71"/>
        <source>Chat template</source>
        <translation>Chat-Vorlage</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="91"/>
        <source>Select a model to see its details.</source>
        <translation>Wählen Sie ein Modell, um seine Details zu sehen.</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="96"/>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;This file cannot be loaded:&lt;br&gt;%2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Diese Datei kann nicht geladen werden:&lt;br&gt;%2</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="99"/>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2, %3 parameters, %4, %5</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2, %3 Parameter, %4, %5</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="111"/>
        <source>(this model has no chat template)</source>
        <translation>(dieses Modell hat keine Chat-Vorlage)</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="130"/>
        <source>unknown (missing attention fields)</source>
        <translation>unbekannt (Attention-Felder fehlen)</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="132"/>
        <source>About %1 of RAM: weights %2 + KV cache %3 + %4 for compute buffers and the runtime (a fixed allowance).</source>
        <translation>Etwa %1 RAM: Gewichte %2 + KV-Cache %3 + %4 für Rechenpuffer und Laufzeit (ein fester Zuschlag).</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="140"/>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="144"/>
        <source>The VRAM it needs is unknown: the engine cannot read the model&apos;s sizes.</source>
        <translation>Der VRAM-Bedarf ist unbekannt: Die Engine kann die Größen des Modells nicht lesen.</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="152"/>
        <source>On a GPU about %1 of VRAM: weights %2 + an f16 KV cache %3 (the GPU keeps f16 only) + %4 of buffers for a prefill batch of 512 tokens; the driver&apos;s own context comes on top.</source>
        <translation>Auf einer GPU etwa %1 VRAM: Gewichte %2 + ein f16-KV-Cache %3 (die GPU hält nur f16) + %4 Puffer für einen Prefill-Batch von 512 Tokens; der eigene Kontext des Treibers kommt hinzu.</translation>
    </message>
</context>
<context>
    <name>strata::ui::ModelManagerDialog</name>
    <message>
        <location filename="../ui/models/model_manager_dialog.cpp" line="19"/>
        <source>Models</source>
        <translation>Modelle</translation>
    </message>
    <message>
        <location filename="../ui/models/model_manager_dialog.cpp" line="25"/>
        <source>&amp;Library</source>
        <translation>&amp;Bibliothek</translation>
    </message>
    <message>
        <location filename="../ui/models/model_manager_dialog.cpp" line="26"/>
        <source>C&amp;atalogue</source>
        <translation>&amp;Katalog</translation>
    </message>
    <message>
        <location filename="../ui/models/model_manager_dialog.cpp" line="27"/>
        <source>Do&amp;wnloads</source>
        <translation>&amp;Downloads</translation>
    </message>
</context>
<context>
    <name>strata::ui::ModelSelector</name>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="20"/>
        <source>&amp;Open GGUF...</source>
        <translation>GGUF ö&amp;ffnen...</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="22"/>
        <source>&amp;Edit remote server...</source>
        <translation>Entfernten Server &amp;bearbeiten...</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="23"/>
        <source>&amp;Forget its API key</source>
        <translation>API-Schlüssel &amp;vergessen</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="24"/>
        <source>Remove from &amp;recent models</source>
        <translation>Aus den &amp;zuletzt verwendeten Modellen entfernen</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="25"/>
        <source>No model loaded</source>
        <translation>Kein Modell geladen</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="29"/>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="37"/>
        <source>Edit or remove the chosen recent model</source>
        <translation>Das gewählte zuletzt verwendete Modell bearbeiten oder entfernen</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="38"/>
        <source>Manage the chosen model</source>
        <translation>Das gewählte Modell verwalten</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="50"/>
        <source>Model loading progress</source>
        <translation>Fortschritt beim Laden des Modells</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="76"/>
        <source>&amp;Model:</source>
        <translation>&amp;Modell:</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="99"/>
        <source>No recent models</source>
        <translation>Keine zuletzt verwendeten Modelle</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="99"/>
        <source>Choose a recent model</source>
        <translation>Zuletzt verwendetes Modell wählen</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="144"/>
        <source>Loaded: %1</source>
        <translation>Geladen: %1</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="160"/>
        <source>Open a GGUF model</source>
        <translation>Ein GGUF-Modell öffnen</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="160"/>
        <source>GGUF models (*.gguf)</source>
        <translation>GGUF-Modelle (*.gguf)</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="232"/>
        <source>Loading %1...</source>
        <translation>%1 wird geladen...</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="239"/>
        <source>Loading %1... (%2 stays in memory until then)</source>
        <translation>%1 wird geladen… (%2 bleibt bis dahin im Speicher)</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="240"/>
        <source>%1
The loaded model is freed only when the new one is ready, so for a moment both are in memory.</source>
        <translation>%1
Das geladene Modell wird erst freigegeben, wenn das neue bereit ist; einen Moment lang sind also beide im Speicher.</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="261"/>
        <location filename="../ui/chat/model_selector.cpp" line="273"/>
        <source>Loaded</source>
        <translation>Geladen</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="273"/>
        <source>Not loaded</source>
        <translation>Nicht geladen</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="274"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="21"/>
        <source>&amp;Remote server...</source>
        <translation>&amp;Entfernter Server...</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="34"/>
        <source>Chat with a model on a server that speaks the OpenAI API</source>
        <translation>Mit einem Modell auf einem Server chatten, der die OpenAI-API spricht</translation>
    </message>
</context>
<context>
    <name>strata::ui::PerformancePanels</name>
    <message>
        <location filename="../ui/panels/performance_panels.cpp" line="30"/>
        <source>&amp;Panels</source>
        <translation>&amp;Panels</translation>
    </message>
    <message>
        <location filename="../ui/panels/performance_panels.cpp" line="32"/>
        <source>Tokens per second</source>
        <translation>Tokens pro Sekunde</translation>
    </message>
    <message>
        <location filename="../ui/panels/performance_panels.cpp" line="35"/>
        <source>Process</source>
        <translation>Prozess</translation>
    </message>
    <message>
        <location filename="../ui/panels/performance_panels.cpp" line="36"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../ui/panels/performance_panels.cpp" line="38"/>
        <source>CPU cores</source>
        <translation>CPU-Kerne</translation>
    </message>
    <message>
        <location filename="../ui/panels/performance_panels.cpp" line="40"/>
        <source>Expert cache</source>
        <translation>Experten-Cache</translation>
    </message>
    <message>
        <location filename="../ui/panels/performance_panels.cpp" line="41"/>
        <source>Worker pool</source>
        <translation>Worker-Pool</translation>
    </message>
    <message>
        <location filename="../ui/panels/performance_panels.cpp" line="50"/>
        <source>&amp;Show all panels</source>
        <translation>Alle Panels &amp;zeigen</translation>
    </message>
    <message>
        <location filename="../ui/panels/performance_panels.cpp" line="52"/>
        <source>&amp;Hide all panels</source>
        <translation>Alle Panels &amp;ausblenden</translation>
    </message>
    <message>
        <location filename="../ui/panels/performance_panels.cpp" line="55"/>
        <source>Waiting policy</source>
        <translation>Warteverfahren</translation>
    </message>
    <message>
        <location filename="../ui/panels/performance_panels.cpp" line="85"/>
        <source>%1 (this computer, not the remote model)</source>
        <translation>%1 (dieser Computer, nicht das entfernte Modell)</translation>
    </message>
</context>
<context>
    <name>strata::ui::PoolPanel</name>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="19"/>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="20"/>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="74"/>
        <location filename="../ui/panels/pool_panel.cpp" line="77"/>
        <location filename="../ui/panels/pool_panel.cpp" line="121"/>
        <source>no model loaded</source>
        <translation>kein Modell geladen</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="87"/>
        <source>Policy in force:</source>
        <translation>Aktives Verfahren:</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="88"/>
        <source>Workers:</source>
        <translation>Worker:</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="89"/>
        <source>Busy / spinning:</source>
        <translation>Beschäftigt / aktiv wartend:</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="90"/>
        <source>Parks:</source>
        <translation>Schlafphasen:</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="91"/>
        <source>Wasted spin:</source>
        <translation>Vergeudetes aktives Warten:</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="92"/>
        <source>Completion wait p50 / p99:</source>
        <translation>Wartezeit auf Abschluss p50 / p99:</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="93"/>
        <source>Adaptive:</source>
        <translation>Adaptiv:</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="107"/>
        <source>adaptive</source>
        <translation>adaptiv</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="25"/>
        <source>%1 + host, %2 batches</source>
        <translation>%1 + Host, %2 Batches</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="31"/>
        <source>%1% / %2%</source>
        <translation>%1% / %2%</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="36"/>
        <source>%1 /s</source>
        <translation>%1 /s</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="41"/>
        <source>%1% of a core</source>
        <translation>%1% eines Kerns</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="83"/>
        <location filename="../ui/panels/pool_panel.cpp" line="135"/>
        <source>contended: no spin</source>
        <translation>ausgelastet: kein aktives Warten</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="51"/>
        <source>spin %1 µs, host %2 µs, wake %3 µs</source>
        <translation>aktiv %1 µs, Host %2 µs, Aufwachen %3 µs</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="94"/>
        <source>GPU wait:</source>
        <translation>GPU-Warten:</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="84"/>
        <location filename="../ui/panels/pool_panel.cpp" line="101"/>
        <source>no model on a GPU</source>
        <translation>kein Modell auf einer GPU</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="103"/>
        <source>spin</source>
        <translation>aktiv warten (Spin)</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="105"/>
        <source>yield</source>
        <translation>abgeben (Yield)</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="84"/>
        <location filename="../ui/panels/pool_panel.cpp" line="109"/>
        <source>blocking sync</source>
        <translation>blockierend (Sync)</translation>
    </message>
</context>
<context>
    <name>strata::ui::PrefillProgressRow</name>
    <message>
        <location filename="../ui/chat/prefill_progress_row.cpp" line="16"/>
        <source>&amp;Cancel</source>
        <translation>A&amp;bbrechen</translation>
    </message>
    <message>
        <location filename="../ui/chat/prefill_progress_row.cpp" line="20"/>
        <source>Document reading progress</source>
        <translation>Fortschritt beim Lesen des Dokuments</translation>
    </message>
    <message>
        <location filename="../ui/chat/prefill_progress_row.cpp" line="21"/>
        <source>Reading document: %p%</source>
        <translation>Dokument wird gelesen: %p%</translation>
    </message>
    <message>
        <location filename="../ui/chat/prefill_progress_row.cpp" line="24"/>
        <source>Stop reading the document (Esc). What was read is kept, and the rest is read with your next message.</source>
        <translation>Lesen des Dokuments anhalten (Esc). Das Gelesene bleibt erhalten, der Rest wird mit Ihrer nächsten Nachricht gelesen.</translation>
    </message>
    <message>
        <location filename="../ui/chat/prefill_progress_row.cpp" line="63"/>
        <source>Preparing the document…</source>
        <translation>Dokument wird vorbereitet…</translation>
    </message>
    <message>
        <location filename="../ui/chat/prefill_progress_row.cpp" line="69"/>
        <source>%1 of %2 tokens, %3 tok/s</source>
        <translation>%1 von %2 Tokens, %3 Tok/s</translation>
    </message>
    <message>
        <location filename="../ui/chat/prefill_progress_row.cpp" line="70"/>
        <source>%1 of %2 tokens, %3 tok/s, %4 left</source>
        <translation>%1 von %2 Tokens, %3 Tok/s, noch %4</translation>
    </message>
    <message>
        <location filename="../ui/chat/prefill_progress_row.cpp" line="78"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location filename="../ui/chat/prefill_progress_row.cpp" line="83"/>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <location filename="../ui/chat/prefill_progress_row.cpp" line="84"/>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
</context>
<context>
    <name>strata::ui::PrefillTimingsView</name>
    <message>
        <location filename="../ui/panels/prefill_timings_view.cpp" line="16"/>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/panels/prefill_timings_view.cpp" line="21"/>
        <source>last %n chunk(s), %1 tokens</source>
        <translation>
            <numerusform>letzter %n Chunk, %1 Tokens</numerusform>
            <numerusform>letzte %n Chunks, %1 Tokens</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/panels/prefill_timings_view.cpp" line="45"/>
        <source>Streamed prompt:</source>
        <translation>Gestreamter Prompt:</translation>
    </message>
    <message>
        <location filename="../ui/panels/prefill_timings_view.cpp" line="46"/>
        <source>Routing wait / chunk:</source>
        <translation>Warten aufs Routing / Chunk:</translation>
    </message>
    <message>
        <location filename="../ui/panels/prefill_timings_view.cpp" line="47"/>
        <source>Grouping / chunk:</source>
        <translation>Gruppieren / Chunk:</translation>
    </message>
    <message>
        <location filename="../ui/panels/prefill_timings_view.cpp" line="48"/>
        <source>Copies in flight / chunk:</source>
        <translation>Laufende Kopien / Chunk:</translation>
    </message>
    <message>
        <location filename="../ui/panels/prefill_timings_view.cpp" line="49"/>
        <source>Waiting for copies / chunk:</source>
        <translation>Warten auf Kopien / Chunk:</translation>
    </message>
    <message>
        <location filename="../ui/panels/prefill_timings_view.cpp" line="50"/>
        <source>GPU on streamed experts / chunk:</source>
        <translation>GPU an gestreamten Experten / Chunk:</translation>
    </message>
    <message>
        <location filename="../ui/panels/prefill_timings_view.cpp" line="56"/>
        <source>Long prompts: nothing streamed to the GPU (a CPU model, or short prompts).</source>
        <translation>Lange Prompts: nichts zur GPU gestreamt (ein CPU-Modell oder kurze Prompts).</translation>
    </message>
</context>
<context>
    <name>strata::ui::ProcessPanel</name>
    <message>
        <location filename="../ui/panels/process_panel.cpp" line="13"/>
        <source>CPU %</source>
        <translation>CPU %</translation>
    </message>
    <message>
        <location filename="../ui/panels/process_panel.cpp" line="11"/>
        <source>Process CPU use, last minute</source>
        <translation>CPU-Nutzung des Prozesses, letzte Minute</translation>
    </message>
    <message>
        <location filename="../ui/panels/process_panel.cpp" line="21"/>
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
    <name>strata::ui::RemoteModelDialog</name>
    <message>
        <location filename="../ui/chat/remote_model_dialog.cpp" line="21"/>
        <source>Remote server</source>
        <translation>Entfernter Server</translation>
    </message>
    <message>
        <location filename="../ui/chat/remote_model_dialog.cpp" line="30"/>
        <source>the name the server lists under /v1/models</source>
        <translation>der Name, den der Server unter /v1/models listet</translation>
    </message>
    <message>
        <location filename="../ui/chat/remote_model_dialog.cpp" line="41"/>
        <source>Chat with a model on a server that speaks the OpenAI API: vLLM, llama.cpp&apos;s llama-server, Ollama, LM Studio or another Strata.</source>
        <translation>Mit einem Modell auf einem Server chatten, der die OpenAI-API spricht: vLLM, llama-server von llama.cpp, Ollama, LM Studio oder ein anderes Strata.</translation>
    </message>
    <message>
        <location filename="../ui/chat/remote_model_dialog.cpp" line="51"/>
        <source>Server &amp;address:</source>
        <translation>Server&amp;adresse:</translation>
    </message>
    <message>
        <location filename="../ui/chat/remote_model_dialog.cpp" line="52"/>
        <source>API &amp;key:</source>
        <translation>API-&amp;Schlüssel:</translation>
    </message>
    <message>
        <location filename="../ui/chat/remote_model_dialog.cpp" line="57"/>
        <source>&amp;Model:</source>
        <translation>&amp;Modell:</translation>
    </message>
    <message>
        <location filename="../ui/chat/remote_model_dialog.cpp" line="18"/>
        <source>&amp;List models</source>
        <translation>Modelle auf&amp;listen</translation>
    </message>
    <message>
        <location filename="../ui/chat/remote_model_dialog.cpp" line="71"/>
        <source>Edit remote server</source>
        <translation>Entfernten Server bearbeiten</translation>
    </message>
    <message>
        <location filename="../ui/chat/remote_model_dialog.cpp" line="90"/>
        <source>Asking %1 for its models...</source>
        <translation>%1 wird nach seinen Modellen gefragt...</translation>
    </message>
    <message>
        <location filename="../ui/chat/remote_model_dialog.cpp" line="26"/>
        <source>none, or the one kept for this server</source>
        <translation>keiner, oder der für diesen Server gespeicherte</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/chat/remote_model_dialog.cpp" line="109"/>
        <source>The server lists %n model(s): choose one in the list.</source>
        <translation>
            <numerusform>Der Server listet %n Modell: Wählen Sie es in der Liste.</numerusform>
            <numerusform>Der Server listet %n Modelle: Wählen Sie eines in der Liste.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>strata::ui::SamplingSettingsForm</name>
    <message>
        <location filename="../ui/settings/sampling_settings_form.cpp" line="16"/>
        <source>&amp;Temperature:</source>
        <translation>&amp;Temperatur:</translation>
    </message>
    <message>
        <location filename="../ui/settings/sampling_settings_form.cpp" line="17"/>
        <source>Top-&amp;k:</source>
        <translation>Top-&amp;k:</translation>
    </message>
    <message>
        <location filename="../ui/settings/sampling_settings_form.cpp" line="18"/>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <location filename="../ui/settings/sampling_settings_form.cpp" line="19"/>
        <source>Top-&amp;p:</source>
        <translation>Top-&amp;p:</translation>
    </message>
    <message>
        <location filename="../ui/settings/sampling_settings_form.cpp" line="20"/>
        <source>&amp;Min-p:</source>
        <translation>&amp;Min-p:</translation>
    </message>
    <message>
        <location filename="../ui/settings/sampling_settings_form.cpp" line="22"/>
        <source>&amp;Repeat penalty:</source>
        <translation>&amp;Wiederholungsstrafe:</translation>
    </message>
    <message>
        <location filename="../ui/settings/sampling_settings_form.cpp" line="23"/>
        <source>Ma&amp;x reply tokens:</source>
        <translation>Ma&amp;x. Antwort-Tokens:</translation>
    </message>
    <message>
        <location filename="../ui/settings/sampling_settings_form.cpp" line="24"/>
        <source>S&amp;eed:</source>
        <translation>S&amp;eed:</translation>
    </message>
    <message>
        <location filename="../ui/settings/sampling_settings_form.cpp" line="25"/>
        <source>random</source>
        <translation>zufällig</translation>
    </message>
    <message>
        <location filename="../ui/settings/sampling_settings_form.cpp" line="26"/>
        <source>&amp;Leave the oldest messages out when a chat outgrows the context</source>
        <translation>Älteste Nachrichten &amp;auslassen, wenn ein Chat über den Kontext hinauswächst</translation>
    </message>
    <message>
        <location filename="../ui/settings/sampling_settings_form.cpp" line="28"/>
        <source>The chat goes on; the model no longer reads its oldest messages (the system prompt stays). Off: a message that does not fit fails.</source>
        <translation>Der Chat geht weiter; das Modell liest seine ältesten Nachrichten nicht mehr (der System-Prompt bleibt). Aus: Eine Nachricht, die nicht passt, schlägt fehl.</translation>
    </message>
    <message>
        <location filename="../ui/settings/sampling_settings_form.cpp" line="30"/>
        <source>Long chats:</source>
        <translation>Lange Chats:</translation>
    </message>
</context>
<context>
    <name>strata::ui::ServerPanel</name>
    <message>
        <location filename="../ui/server/server_panel.cpp" line="28"/>
        <source>127.0.0.1: this computer only. Any other address lets other machines connect and needs an API key.</source>
        <translation>127.0.0.1: nur dieser Rechner. Jede andere Adresse erlaubt anderen Rechnern die Verbindung und erfordert einen API-Schlüssel.</translation>
    </message>
    <message>
        <location filename="../ui/server/server_panel.cpp" line="32"/>
        <source>any free port</source>
        <translation>ein beliebiger freier Port</translation>
    </message>
    <message>
        <location filename="../ui/server/server_panel.cpp" line="35"/>
        <source>none (this computer only)</source>
        <translation>keiner (nur dieser Rechner)</translation>
    </message>
    <message>
        <location filename="../ui/server/server_panel.cpp" line="39"/>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <location filename="../ui/server/server_panel.cpp" line="40"/>
        <source>A client must send each request&apos;s headers within this many seconds; slower ones are cut off, so they cannot hold the server&apos;s connections.</source>
        <translation>Ein Client muss die Header jeder Anfrage innerhalb so vieler Sekunden senden; langsamere werden getrennt, damit sie die Verbindungen des Servers nicht blockieren.</translation>
    </message>
    <message>
        <location filename="../ui/server/server_panel.cpp" line="53"/>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <location filename="../ui/server/server_panel.cpp" line="54"/>
        <source>Port</source>
        <translation>Port</translation>
    </message>
    <message>
        <location filename="../ui/server/server_panel.cpp" line="55"/>
        <source>API key</source>
        <translation>API-Schlüssel</translation>
    </message>
    <message>
        <location filename="../ui/server/server_panel.cpp" line="56"/>
        <source>Header timeout</source>
        <translation>Header-Zeitlimit</translation>
    </message>
    <message>
        <location filename="../ui/server/server_panel.cpp" line="62"/>
        <source>Requests</source>
        <translation>Anfragen</translation>
    </message>
    <message>
        <location filename="../ui/server/server_panel.cpp" line="106"/>
        <source>Stop server</source>
        <translation>Server beenden</translation>
    </message>
    <message>
        <location filename="../ui/server/server_panel.cpp" line="108"/>
        <source>Serving the loaded model at %1 (OpenAI and Anthropic APIs).</source>
        <translation>Das geladene Modell wird unter %1 bereitgestellt (OpenAI- und Anthropic-API).</translation>
    </message>
    <message>
        <location filename="../ui/server/server_panel.cpp" line="109"/>
        <source>Idle</source>
        <translation>Leerlauf</translation>
    </message>
    <message>
        <location filename="../ui/server/server_panel.cpp" line="116"/>
        <source>Start server</source>
        <translation>Server starten</translation>
    </message>
    <message>
        <location filename="../ui/server/server_panel.cpp" line="118"/>
        <source>The server is off.</source>
        <translation>Der Server ist aus.</translation>
    </message>
    <message>
        <location filename="../ui/server/server_panel.cpp" line="136"/>
        <source>Decoding at %1 tok/s</source>
        <translation>Dekodiert mit %1 Tok/s</translation>
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
        <location filename="../ui/settings/settings_dialog.cpp" line="45"/>
        <source>The loaded model runs with other engine settings. Threads, affinity, context length, KV cache type, batch size, device and VRAM budget take effect when the model is reloaded.</source>
        <translation>Das geladene Modell läuft mit anderen Engine-Einstellungen. Threads, Affinität, Kontextlänge, KV-Cache-Typ, Batchgröße, Gerät und VRAM-Budget gelten, sobald das Modell neu geladen wird.</translation>
    </message>
</context>
<context>
    <name>strata::ui::TokenRatePanel</name>
    <message>
        <location filename="../ui/panels/token_rate_panel.cpp" line="20"/>
        <source>prefill</source>
        <translation>Prefill</translation>
    </message>
    <message>
        <location filename="../ui/panels/token_rate_panel.cpp" line="21"/>
        <source>decode</source>
        <translation>Decode</translation>
    </message>
    <message>
        <location filename="../ui/panels/token_rate_panel.cpp" line="55"/>
        <source>Remote model · Decode %1 tok/s · first token: after the first reply</source>
        <translation>Entferntes Modell · Decode %1 tok/s · erstes Token: nach der ersten Antwort</translation>
    </message>
    <message>
        <location filename="../ui/panels/token_rate_panel.cpp" line="58"/>
        <source>Remote model · Decode %1 tok/s · last reply %2 tok/s, first token after %3 ms</source>
        <translation>Entferntes Modell · Decode %1 tok/s · letzte Antwort %2 tok/s, erstes Token nach %3 ms</translation>
    </message>
    <message>
        <location filename="../ui/panels/token_rate_panel.cpp" line="18"/>
        <source>Tokens per second, last minute</source>
        <translation>Tokens pro Sekunde, letzte Minute</translation>
    </message>
    <message>
        <location filename="../ui/panels/token_rate_panel.cpp" line="50"/>
        <source>Prefill — · Decode —</source>
        <translation>Prefill — · Decode —</translation>
    </message>
    <message>
        <location filename="../ui/panels/token_rate_panel.cpp" line="49"/>
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
</TS>
