<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Application</name>
    <message>
        <location filename="../app/application.cpp" line="49"/>
        <source>Chats cannot be saved in this session: %1</source>
        <translation>本次会话中无法保存聊天：%1</translation>
    </message>
</context>
<context>
    <name>BuildFeatures</name>
    <message>
        <location filename="../ui/build_features.cpp" line="17"/>
        <source>architectures %1; %2</source>
        <translation>架构 %1；%2</translation>
    </message>
    <message>
        <location filename="../ui/build_features.cpp" line="22"/>
        <source>SDK found; the Vulkan back-end is not written yet</source>
        <translation>已找到 SDK；Vulkan 后端尚未实现</translation>
    </message>
    <message>
        <location filename="../ui/build_features.cpp" line="36"/>
        <source>GPUs: none (%1)</source>
        <translation>GPU：无（%1）</translation>
    </message>
</context>
<context>
    <name>ChatCompletionReply</name>
    <message>
        <location filename="../domain/remote/chat_completion_reply.cpp" line="15"/>
        <source>The server&apos;s reply is neither an event stream nor a JSON object: %1</source>
        <translation>服务器的回复既不是事件流，也不是 JSON 对象：%1</translation>
    </message>
    <message>
        <location filename="../domain/remote/chat_completion_reply.cpp" line="28"/>
        <source>The server&apos;s reply is not OpenAI&apos;s format (no &quot;choices&quot;).</source>
        <translation>服务器的回复不是 OpenAI 的格式（没有 &quot;choices&quot;）。</translation>
    </message>
</context>
<context>
    <name>ChatStore</name>
    <message>
        <location filename="../domain/storage/chat_schema.cpp" line="53"/>
        <source>the chat database has schema version %1, but this Strata knows only up to %2; it was written by a newer Strata</source>
        <translation>聊天数据库的架构版本为 %1，但此版本的 Strata 最高只认识 %2；它由更新版本的 Strata 写入</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_schema.cpp" line="68"/>
        <source>migration to schema version %1 failed: %2</source>
        <translation>迁移到架构版本 %1 失败：%2</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="106"/>
        <source>%1: %2: %3</source>
        <translation>%1：%2：%3</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="115"/>
        <location filename="../domain/storage/chat_store.cpp" line="123"/>
        <source>cannot open the chat database</source>
        <translation>无法打开聊天数据库</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="115"/>
        <source>Qt&apos;s SQLite driver (QSQLITE) is not installed</source>
        <translation>未安装 Qt 的 SQLite 驱动（QSQLITE）</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="130"/>
        <location filename="../domain/storage/chat_store.cpp" line="143"/>
        <location filename="../domain/storage/chat_store.cpp" line="156"/>
        <source>not a usable chat database</source>
        <translation>不是可用的聊天数据库</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="149"/>
        <source>the chat database is damaged</source>
        <translation>聊天数据库已损坏</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="150"/>
        <source>%1. Making a copy of it failed too.</source>
        <translation>%1。为其创建副本也失败了。</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="151"/>
        <source>%1. A copy of it was kept as %2.</source>
        <translation>%1。已将其副本保存为 %2。</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="166"/>
        <location filename="../domain/storage/chat_store.cpp" line="177"/>
        <source>cannot write the chat database</source>
        <translation>无法写入聊天数据库</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="207"/>
        <source>cannot create a conversation</source>
        <translation>无法创建对话</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="224"/>
        <source>cannot rename conversation %1</source>
        <translation>无法重命名对话 %1</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="243"/>
        <source>cannot delete conversation %1</source>
        <translation>无法删除对话 %1</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="258"/>
        <source>cannot save the settings of conversation %1</source>
        <translation>无法保存对话 %1 的设置</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="273"/>
        <source>cannot save the model of conversation %1</source>
        <translation>无法保存对话 %1 的模型</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="308"/>
        <source>cannot list conversations</source>
        <translation>无法列出对话</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="362"/>
        <source>cannot save a message in conversation %1</source>
        <translation>无法在对话 %1 中保存消息</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="382"/>
        <source>cannot save message %1</source>
        <translation>无法保存消息 %1</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="397"/>
        <source>cannot read conversation %1</source>
        <translation>无法读取对话 %1</translation>
    </message>
    <message>
        <location filename="../domain/storage/chat_store.cpp" line="424"/>
        <source>cannot delete messages of conversation %1</source>
        <translation>无法删除对话 %1 中的消息</translation>
    </message>
</context>
<context>
    <name>CommandLine</name>
    <message>
        <location filename="../app/command_line.cpp" line="14"/>
        <source>Strata: run large language models locally.</source>
        <translation>Strata：在本地运行大语言模型。</translation>
    </message>
    <message>
        <location filename="../app/command_line.cpp" line="19"/>
        <source>Print the version and build features, then exit.</source>
        <translation>打印版本和构建功能，然后退出。</translation>
    </message>
    <message>
        <location filename="../app/command_line.cpp" line="22"/>
        <source>Exit by itself (status 0) once the main window is shown: checks that the app starts.</source>
        <translation>主窗口显示后自行退出（状态码 0）：用于检查应用能否启动。</translation>
    </message>
    <message>
        <location filename="../app/command_line.cpp" line="25"/>
        <source>A GGUF model file to open in the chat.</source>
        <translation>要在聊天中打开的 GGUF 模型文件。</translation>
    </message>
    <message>
        <location filename="../app/command_line.cpp" line="34"/>
        <source>one model file at a time, not %1: %2</source>
        <translation>一次只能打开一个模型文件，而不是 %1 个：%2</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="11"/>
        <source>Queued</source>
        <translation>排队中</translation>
    </message>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="12"/>
        <source>Connecting</source>
        <translation>正在连接</translation>
    </message>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="13"/>
        <source>Downloading</source>
        <translation>正在下载</translation>
    </message>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="14"/>
        <source>Retrying</source>
        <translation>正在重试</translation>
    </message>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="15"/>
        <source>Paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="16"/>
        <source>Verifying</source>
        <translation>正在校验</translation>
    </message>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="17"/>
        <source>Completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="18"/>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="26"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="33"/>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="35"/>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="36"/>
        <source>%1 h %2 min</source>
        <translation>%1 小时 %2 分</translation>
    </message>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="70"/>
        <source>%1 of %2 (%3%)</source>
        <translation>%1 / %2（%3%）</translation>
    </message>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="73"/>
        <source>%1/s</source>
        <translation>%1/秒</translation>
    </message>
    <message>
        <location filename="../domain/models/library_worker.cpp" line="36"/>
        <source>%1: split model is incomplete, part(s) %2 of %3 missing</source>
        <translation>%1：分卷模型不完整，缺少第 %2 部分（共 %3 部分）</translation>
    </message>
    <message>
        <location filename="../domain/storage/data_folder.cpp" line="64"/>
        <source>cannot create %1</source>
        <translation>无法创建 %1</translation>
    </message>
    <message>
        <location filename="../domain/storage/data_folder.cpp" line="67"/>
        <source>cannot move %1 to %2</source>
        <translation>无法将 %1 移动到 %2</translation>
    </message>
</context>
<context>
    <name>RemoteEndpoint</name>
    <message>
        <location filename="../domain/remote/remote_endpoint.cpp" line="18"/>
        <source>&quot;%1&quot; is not a server address: write it as http://host:port or https://host.</source>
        <translation>“%1”不是服务器地址：请写成 http://host:port 或 https://host。</translation>
    </message>
    <message>
        <location filename="../domain/remote/remote_endpoint.cpp" line="38"/>
        <source>Name the model the server should run.</source>
        <translation>请填写服务器要运行的模型名称。</translation>
    </message>
</context>
<context>
    <name>ServerPreferences</name>
    <message>
        <location filename="../domain/settings/server_preferences.cpp" line="23"/>
        <source>Enter the address to listen on, e.g. 127.0.0.1.</source>
        <translation>请输入要监听的地址，例如 127.0.0.1。</translation>
    </message>
    <message>
        <location filename="../domain/settings/server_preferences.cpp" line="25"/>
        <source>Listening on %1 lets other machines reach the model: set an API key first, or listen on 127.0.0.1.</source>
        <translation>在 %1 上监听会让其他机器访问该模型：请先设置 API 密钥，或改为监听 127.0.0.1。</translation>
    </message>
</context>
<context>
    <name>SseChatStream</name>
    <message>
        <location filename="../domain/remote/sse_chat_stream.cpp" line="34"/>
        <source>The server sent a line of over 4 MiB without an end: this is not an event stream.</source>
        <translation>服务器发送了超过 4 MiB 且没有结尾的一行：这不是事件流。</translation>
    </message>
    <message>
        <location filename="../domain/remote/sse_chat_stream.cpp" line="54"/>
        <source>The server&apos;s stream is not OpenAI&apos;s format (a data line is not a JSON object: %1).</source>
        <translation>服务器的流不是 OpenAI 格式（某个 data 行不是 JSON 对象：%1）。</translation>
    </message>
    <message>
        <location filename="../domain/remote/sse_chat_stream.cpp" line="69"/>
        <source>The server&apos;s stream is not OpenAI&apos;s format (a chunk has no &quot;choices&quot;).</source>
        <translation>服务器的流不是 OpenAI 格式（某个数据块没有“choices”）。</translation>
    </message>
</context>
<context>
    <name>strata::app::AbController</name>
    <message>
        <location filename="../app/ab/ab_controller.cpp" line="28"/>
        <source>Done: %1 measured runs.</source>
        <translation>完成：共 %1 次测量运行。</translation>
    </message>
    <message>
        <location filename="../app/ab/ab_controller.cpp" line="31"/>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <location filename="../app/ab/ab_controller.cpp" line="33"/>
        <source>The A/B run failed: %1</source>
        <translation>A/B 对比失败：%1</translation>
    </message>
    <message>
        <location filename="../app/ab/ab_controller.cpp" line="99"/>
        <source>Saved %1.</source>
        <translation>已保存 %1。</translation>
    </message>
    <message>
        <location filename="../app/ab/ab_controller.cpp" line="100"/>
        <source>Could not save %1: %2</source>
        <translation>无法保存 %1：%2</translation>
    </message>
</context>
<context>
    <name>strata::app::AbRunner</name>
    <message numerus="yes">
        <location filename="../app/ab/ab_runner.cpp" line="77"/>
        <source>opening the model for %n configuration(s)</source>
        <translation>
            <numerusform>正在为 %n 个配置打开模型</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/ab/ab_runner.cpp" line="109"/>
        <source>warm-up %1</source>
        <translation>预热 %1</translation>
    </message>
    <message>
        <location filename="../app/ab/ab_runner.cpp" line="120"/>
        <source>run %1 of %2 (%3)</source>
        <translation>第 %1 次运行，共 %2 次（%3）</translation>
    </message>
    <message>
        <location filename="../app/ab/ab_runner.cpp" line="130"/>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <location filename="../app/ab/ab_runner.cpp" line="135"/>
        <source>Not enough memory to open the model for each configuration of an A/B run.</source>
        <translation>内存不足，无法为 A/B 对比的每个配置分别打开模型。</translation>
    </message>
</context>
<context>
    <name>strata::app::ChatCoordinator</name>
    <message>
        <location filename="../app/chat_coordinator.cpp" line="153"/>
        <source>The API key for %1 is forgotten: requests to it go without a key until you enter one with &quot;Remote server...&quot;.</source>
        <translation>已忘记 %1 的 API 密钥：在您通过“远程服务器...”重新输入之前，发往它的请求不带密钥。</translation>
    </message>
    <message>
        <location filename="../app/chat_coordinator.cpp" line="454"/>
        <source>Reading stopped after %1 of %2 tokens. The document stays in this chat; the rest is read with your next message.</source>
        <translation>读取已停止：已读取 %2 个 token 中的 %1 个。文档仍保留在此对话中，其余部分将随下一条消息读取。</translation>
    </message>
    <message>
        <location filename="../app/chat_coordinator.cpp" line="460"/>
        <source>Document read: %1 tokens at %2 tok/s. Ask about it.</source>
        <translation>文档已读取：%1 个 token，速度 %2 tok/s。现在可以就它提问了。</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/chat_coordinator.cpp" line="483"/>
        <source>This chat is longer than the model&apos;s context: its %n oldest message(s) are left out of what the model reads.</source>
        <translation>
            <numerusform>此聊天已超出模型的上下文长度：最早的 %n 条消息不再提供给模型。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/chat_coordinator.cpp" line="548"/>
        <source>Could not load the model %1.
%2</source>
        <translation>无法加载模型 %1。
%2</translation>
    </message>
    <message>
        <location filename="../app/chat_coordinator.cpp" line="579"/>
        <source>Chats could not be saved: %1</source>
        <translation>无法保存聊天：%1</translation>
    </message>
    <message>
        <location filename="../app/chat_coordinator.cpp" line="367"/>
        <source>Document added: the remote server reads it with your next message.</source>
        <translation>文档已添加：远程服务器会随您的下一条消息读取它。</translation>
    </message>
</context>
<context>
    <name>strata::app::EngineController</name>
    <message>
        <location filename="../app/engine/engine_controller.cpp" line="83"/>
        <source>The file %1 does not exist.</source>
        <translation>文件 %1 不存在。</translation>
    </message>
    <message>
        <location filename="../app/engine/engine_controller.cpp" line="87"/>
        <source>The file %1 cannot be read.</source>
        <translation>无法读取文件 %1。</translation>
    </message>
    <message>
        <location filename="../app/engine/engine_controller.cpp" line="124"/>
        <source>Not enough memory to load %1.</source>
        <translation>内存不足，无法加载 %1。</translation>
    </message>
    <message>
        <location filename="../app/engine/engine_controller.cpp" line="177"/>
        <source>No model is loaded. Open a GGUF model to chat.</source>
        <translation>尚未加载模型。请打开一个 GGUF 模型开始聊天。</translation>
    </message>
    <message>
        <location filename="../app/engine/engine_controller.cpp" line="181"/>
        <source>The model&apos;s chat template cannot be used: %1</source>
        <translation>无法使用该模型的聊天模板：%1</translation>
    </message>
    <message>
        <location filename="../app/engine/engine_controller.cpp" line="185"/>
        <source>There is nothing to send.</source>
        <translation>没有可发送的内容。</translation>
    </message>
    <message>
        <location filename="../app/engine/engine_controller.cpp" line="211"/>
        <source>The model&apos;s chat template failed: %1</source>
        <translation>模型的聊天模板出错：%1</translation>
    </message>
    <message>
        <location filename="../app/engine/engine_controller.cpp" line="213"/>
        <source>The prompt could not be built: %1</source>
        <translation>无法构建提示词：%1</translation>
    </message>
    <message>
        <location filename="../app/engine/engine_controller.cpp" line="271"/>
        <source>Not enough memory to generate the reply.</source>
        <translation>内存不足，无法生成回复。</translation>
    </message>
    <message>
        <location filename="../app/engine/engine_controller.cpp" line="276"/>
        <source>The reply failed: %1</source>
        <translation>回复失败：%1</translation>
    </message>
    <message>
        <location filename="../app/engine/engine_controller.cpp" line="313"/>
        <source>Not enough memory to read the document.</source>
        <translation>内存不足，无法读取文档。</translation>
    </message>
    <message>
        <location filename="../app/engine/engine_controller.cpp" line="315"/>
        <source>The document could not be read: %1</source>
        <translation>无法读取文档：%1</translation>
    </message>
</context>
<context>
    <name>strata::app::EngineValues</name>
    <message>
        <location filename="../app/engine/engine_values.cpp" line="117"/>
        <source>GPU %1: %2</source>
        <translation>GPU %1：%2</translation>
    </message>
    <message>
        <location filename="../app/engine/engine_values.cpp" line="123"/>
        <source>%1 + CPU experts, %2 threads</source>
        <translation>%1 + CPU 专家，%2 个线程</translation>
    </message>
    <message>
        <location filename="../app/engine/engine_values.cpp" line="127"/>
        <source>CPU, 1 thread</source>
        <translation>CPU，1 个线程</translation>
    </message>
    <message>
        <location filename="../app/engine/engine_values.cpp" line="128"/>
        <source>CPU, %1 threads</source>
        <translation>CPU，%1 个线程</translation>
    </message>
    <message>
        <location filename="../app/engine/engine_values.cpp" line="139"/>
        <source>GPU %1: layer %2</source>
        <translation>GPU %1：第 %2 层</translation>
    </message>
    <message>
        <location filename="../app/engine/engine_values.cpp" line="142"/>
        <source>GPU %1: layers %2–%3</source>
        <translation>GPU %1：第 %2–%3 层</translation>
    </message>
</context>
<context>
    <name>strata::app::ModelDescription</name>
    <message>
        <location filename="../app/model_description.cpp" line="24"/>
        <source>unnamed model</source>
        <translation>未命名模型</translation>
    </message>
    <message>
        <location filename="../app/model_description.cpp" line="29"/>
        <source>%1 parameters</source>
        <translation>%1 参数</translation>
    </message>
    <message>
        <location filename="../app/model_description.cpp" line="34"/>
        <source>context %1 tokens</source>
        <translation>上下文 %1 个 token</translation>
    </message>
    <message>
        <location filename="../app/model_description.cpp" line="37"/>
        <source>KV cache %1</source>
        <translation>KV 缓存 %1</translation>
    </message>
</context>
<context>
    <name>strata::app::RecentModelDescriptions</name>
    <message>
        <location filename="../app/recent_model_descriptions.cpp" line="28"/>
        <source>The file is missing.</source>
        <translation>文件不存在。</translation>
    </message>
    <message>
        <location filename="../app/recent_model_descriptions.cpp" line="22"/>
        <source>%1 on the remote server %2</source>
        <translation>远程服务器 %2 上的 %1</translation>
    </message>
</context>
<context>
    <name>strata::app::RemoteChatClient</name>
    <message>
        <location filename="../app/remote/remote_chat_client.cpp" line="48"/>
        <source>Could not reach the remote server %1: %2</source>
        <translation>无法连接远程服务器 %1：%2</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_chat_client.cpp" line="51"/>
        <source>The remote server %1 refused the API key (HTTP %2): %3
Choose the model again with &quot;Remote server...&quot; and enter the right key.</source>
        <translation>远程服务器 %1 拒绝了 API 密钥（HTTP %2）：%3
请通过“远程服务器...”重新选择模型并输入正确的密钥。</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_chat_client.cpp" line="56"/>
        <source>The remote server %1 answered HTTP %2: %3</source>
        <translation>远程服务器 %1 返回 HTTP %2：%3</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_chat_client.cpp" line="86"/>
        <source>&quot;%1&quot; does not name a remote server and model.</source>
        <translation>“%1”没有指明远程服务器和模型。</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_chat_client.cpp" line="128"/>
        <source>The remote server %1 does not serve a model named &quot;%2&quot;; it lists: %3.</source>
        <translation>远程服务器 %1 没有名为“%2”的模型；它列出的是：%3。</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_chat_client.cpp" line="135"/>
        <source>the remote server %1</source>
        <translation>远程服务器 %1</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_chat_client.cpp" line="136"/>
        <source>%1 on the remote server %2 (OpenAI-compatible API)</source>
        <translation>远程服务器 %2 上的 %1（OpenAI 兼容 API）</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_chat_client.cpp" line="147"/>
        <source>No remote model is chosen.</source>
        <translation>尚未选择远程模型。</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/remote/remote_chat_client.cpp" line="195"/>
        <source>The remote server&apos;s reply is larger than %n MiB.</source>
        <translation>
            <numerusform>远程服务器的回复大于 %n MiB。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/remote/remote_chat_client.cpp" line="214"/>
        <location filename="../app/remote/remote_chat_client.cpp" line="298"/>
        <source>The remote server&apos;s reply could not be read: %1</source>
        <translation>无法读取远程服务器的回复：%1</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_chat_client.cpp" line="279"/>
        <source>The remote server %1 ended its reply before the end of the event stream (no &quot;data: [DONE]&quot;).</source>
        <translation>远程服务器 %1 在事件流结束之前结束了回复（没有“data: [DONE]”）。</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_chat_client.cpp" line="110"/>
        <source>The remote server %1 lists no models.</source>
        <translation>远程服务器 %1 没有列出任何模型。</translation>
    </message>
</context>
<context>
    <name>strata::app::RemoteKeys</name>
    <message>
        <location filename="../app/remote/remote_keys.cpp" line="16"/>
        <source>The key is kept only until Strata quits: the keychain is turned off, and keys are never written to the settings file.</source>
        <translation>密钥只保留到 Strata 退出：钥匙串已关闭，密钥绝不会写入设置文件。</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_keys.cpp" line="19"/>
        <source>No keychain is available (%1): the key is kept only until Strata quits, never written to the settings file.</source>
        <translation>没有可用的钥匙串（%1）：密钥只保留到 Strata 退出，绝不会写入设置文件。</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_keys.cpp" line="22"/>
        <source>The key is stored in the desktop&apos;s keychain.</source>
        <translation>密钥保存在桌面的钥匙串中。</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_keys.cpp" line="28"/>
        <source>the keychain did not answer</source>
        <translation>钥匙串没有响应</translation>
    </message>
</context>
<context>
    <name>strata::app::ServerController</name>
    <message>
        <location filename="../app/server/server_controller.cpp" line="43"/>
        <source>  ·  %1 prompt tokens (%2 reused), %3 generated, %4 tok/s</source>
        <translation>  ·  %1 个提示 token（%2 个复用），生成 %3 个，%4 tok/s</translation>
    </message>
    <message>
        <location filename="../app/server/server_controller.cpp" line="66"/>
        <source>The server is still stopping; start it again in a moment.</source>
        <translation>服务器仍在停止中，请稍后再启动。</translation>
    </message>
    <message>
        <location filename="../app/server/server_controller.cpp" line="67"/>
        <source>The server is already running.</source>
        <translation>服务器已在运行。</translation>
    </message>
    <message>
        <location filename="../app/server/server_controller.cpp" line="91"/>
        <source>The server cannot start: %1</source>
        <translation>服务器无法启动：%1</translation>
    </message>
    <message>
        <location filename="../app/server/server_controller.cpp" line="131"/>
        <source>The server stopped: it could not accept connections.</source>
        <translation>服务器已停止：无法接受连接。</translation>
    </message>
</context>
<context>
    <name>strata::domain::AbConfig</name>
    <message>
        <location filename="../domain/ab/ab_types.cpp" line="12"/>
        <source>threads: %1</source>
        <translation>线程：%1</translation>
    </message>
    <message>
        <location filename="../domain/ab/ab_types.cpp" line="13"/>
        <source>threads: physical cores</source>
        <translation>线程：物理核心数</translation>
    </message>
    <message>
        <location filename="../domain/ab/ab_types.cpp" line="22"/>
        <source>experts: all in VRAM</source>
        <translation>专家：全部在显存中</translation>
    </message>
    <message>
        <location filename="../domain/ab/ab_types.cpp" line="26"/>
        <source>experts: VRAM cache %1 MiB</source>
        <translation>专家：显存缓存 %1 MiB</translation>
    </message>
    <message>
        <location filename="../domain/ab/ab_types.cpp" line="29"/>
        <source>experts: first %1 layers&apos; on the CPU</source>
        <translation>专家：前 %1 层的专家在 CPU 上</translation>
    </message>
</context>
<context>
    <name>strata::domain::ConversationListModel</name>
    <message>
        <location filename="../domain/storage/conversation_list_model.cpp" line="25"/>
        <source>New chat</source>
        <translation>新聊天</translation>
    </message>
    <message>
        <location filename="../domain/storage/conversation_list_model.cpp" line="30"/>
        <source>%1
Last change: %2</source>
        <translation>%1
最后修改：%2</translation>
    </message>
</context>
<context>
    <name>strata::domain::models::DownloadListModel</name>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="88"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="89"/>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="90"/>
        <source>Progress</source>
        <translation>进度</translation>
    </message>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="91"/>
        <source>Speed</source>
        <translation>速度</translation>
    </message>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="92"/>
        <source>Time left</source>
        <translation>剩余时间</translation>
    </message>
    <message>
        <location filename="../domain/models/download_list_model.cpp" line="93"/>
        <source>Details</source>
        <translation>详情</translation>
    </message>
</context>
<context>
    <name>strata::domain::models::DownloadManager</name>
    <message>
        <location filename="../domain/models/download_manager.cpp" line="95"/>
        <source>unfinished from an earlier session</source>
        <translation>上次会话中未完成</translation>
    </message>
</context>
<context>
    <name>strata::domain::models::DownloadWorker</name>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="99"/>
        <source>no data for %1 s</source>
        <translation>%1 秒内未收到数据</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="106"/>
        <location filename="../domain/models/download_worker.cpp" line="415"/>
        <source>%1 already exists</source>
        <translation>%1 已存在</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="108"/>
        <source>cannot create the folder %1</source>
        <translation>无法创建文件夹 %1</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="143"/>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="167"/>
        <source>resuming at %1</source>
        <translation>从 %1 处继续</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="210"/>
        <source>the server cannot resume at %1</source>
        <translation>服务器无法从 %1 处继续</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="216"/>
        <source>HTTP %1 %2 from %3</source>
        <translation>来自 %3 的 HTTP %1 %2</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="235"/>
        <source>the file on the server changed since the download began</source>
        <translation>下载开始后服务器上的文件已发生变化</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="243"/>
        <source>the server resumed at another offset (%1)</source>
        <translation>服务器从另一个偏移量处继续（%1）</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="264"/>
        <source>the server offers %1 bytes, expected %2</source>
        <translation>服务器提供 %1 字节，预期为 %2 字节</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="297"/>
        <source>the server sent more than the %1 bytes this file can have; the partial file was deleted</source>
        <translation>服务器发送的数据超过了此文件应有的 %1 字节；未完成的文件已删除</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="328"/>
        <source>the connection closed at %1 of %2</source>
        <translation>连接在 %1 / %2 处关闭</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="334"/>
        <source>TLS verification failed: %1</source>
        <translation>TLS 验证失败：%1</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="347"/>
        <source>%1; starting over</source>
        <translation>%1；重新开始</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="358"/>
        <source>gave up after %1 attempts without progress: %2</source>
        <translation>%1 次尝试均无进展，已放弃：%2</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="362"/>
        <source>%1; retrying in %2 s (attempt %3 of %4)</source>
        <translation>%1；%2 秒后重试（第 %3 次，共 %4 次）</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="379"/>
        <source>received %1 bytes but the file has %2; the partial file was deleted</source>
        <translation>收到 %1 字节，但文件大小为 %2；未完成的文件已删除</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="383"/>
        <source>%1 has %2 bytes on disk but %3 were received; the partial file was deleted</source>
        <translation>%1 在磁盘上有 %2 字节，但收到的是 %3 字节；未完成的文件已删除</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="390"/>
        <source>checking SHA-256</source>
        <translation>正在校验 SHA-256</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="409"/>
        <source>SHA-256 mismatch for %1: expected %2, got %3; the downloaded file was deleted</source>
        <translation>%1 的 SHA-256 不匹配：预期 %2，实际 %3；已删除下载的文件</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="417"/>
        <source>cannot rename %1 to %2</source>
        <translation>无法将 %1 重命名为 %2</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="421"/>
        <source>no hash to check</source>
        <translation>没有可供校验的哈希值</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="421"/>
        <source>SHA-256 verified</source>
        <translation>SHA-256 校验通过</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="448"/>
        <source>%1 of free space left in %2</source>
        <translation>%2 中剩余 %1 可用空间</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="449"/>
        <source>free space in %1 unknown</source>
        <translation>%1 的可用空间未知</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="450"/>
        <source>cannot write %1: %2 (%3); the partial file was deleted</source>
        <translation>无法写入 %1：%2（%3）；未完成的文件已删除</translation>
    </message>
    <message>
        <location filename="../domain/models/download_worker.cpp" line="517"/>
        <source>not enough disk space in %1: %2 needed, %3 free (%4 kept in reserve)</source>
        <translation>%1 磁盘空间不足：需要 %2，可用 %3（预留 %4）</translation>
    </message>
</context>
<context>
    <name>strata::domain::models::LibraryWorker</name>
    <message>
        <location filename="../domain/models/library_worker.cpp" line="132"/>
        <source>%1 is not a file</source>
        <translation>%1 不是文件</translation>
    </message>
    <message>
        <location filename="../domain/models/library_worker.cpp" line="134"/>
        <source>%1 already exists</source>
        <translation>%1 已存在</translation>
    </message>
    <message>
        <location filename="../domain/models/library_worker.cpp" line="136"/>
        <source>cannot create the folder %1</source>
        <translation>无法创建文件夹 %1</translation>
    </message>
    <message>
        <location filename="../domain/models/library_worker.cpp" line="147"/>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <location filename="../domain/models/library_worker.cpp" line="149"/>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location filename="../domain/models/library_worker.cpp" line="157"/>
        <source>copying %1 failed: %2</source>
        <translation>复制 %1 失败：%2</translation>
    </message>
    <message>
        <location filename="../domain/models/library_worker.cpp" line="165"/>
        <source>cannot rename %1 to %2</source>
        <translation>无法将 %1 重命名为 %2</translation>
    </message>
    <message>
        <location filename="../domain/models/library_worker.cpp" line="168"/>
        <source>copied, but cannot remove %1</source>
        <translation>已复制，但无法删除 %1</translation>
    </message>
</context>
<context>
    <name>strata::domain::models::ModelLibrary</name>
    <message>
        <location filename="../domain/models/model_library.cpp" line="99"/>
        <location filename="../domain/models/model_library.cpp" line="124"/>
        <source>%1 is not in the library</source>
        <translation>%1 不在模型库中</translation>
    </message>
    <message>
        <location filename="../domain/models/model_library.cpp" line="117"/>
        <source>could not delete %1</source>
        <translation>无法删除 %1</translation>
    </message>
    <message>
        <location filename="../domain/models/model_library.cpp" line="130"/>
        <source>&apos;%1&apos; is not a valid file name</source>
        <translation>“%1”不是有效的文件名</translation>
    </message>
    <message>
        <location filename="../domain/models/model_library.cpp" line="139"/>
        <source>%1 already exists</source>
        <translation>%1 已存在</translation>
    </message>
    <message>
        <location filename="../domain/models/model_library.cpp" line="144"/>
        <source>cannot rename %1 to %2</source>
        <translation>无法将 %1 重命名为 %2</translation>
    </message>
</context>
<context>
    <name>strata::domain::models::ModelListModel</name>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="60"/>
        <source>%1
Unverified: it was downloaded without a published hash to check it against.</source>
        <translation>%1
未校验：下载时没有可供比对的公开哈希值。</translation>
    </message>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="31"/>
        <source>%1 (default)</source>
        <translation>%1（默认）</translation>
    </message>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="29"/>
        <source>%1 (default, added by hand)</source>
        <translation>%1（默认，手动添加）</translation>
    </message>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="33"/>
        <source>%1 (added by hand)</source>
        <translation>%1（手动添加）</translation>
    </message>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="78"/>
        <source>%1 (%2 parts)</source>
        <translation>%1（%2 个分卷）</translation>
    </message>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="82"/>
        <source>%1 (%2 active)</source>
        <translation>%1（激活 %2 个）</translation>
    </message>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="94"/>
        <source>OK (unverified)</source>
        <translation>正常（未校验）</translation>
    </message>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="94"/>
        <source>OK</source>
        <translation>正常</translation>
    </message>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="107"/>
        <source>RAM it needs on the CPU at the default context (up to 4096 tokens)</source>
        <translation>在 CPU 上以默认上下文（最多 4096 个 token）运行所需的内存</translation>
    </message>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="108"/>
        <source>VRAM it needs on a GPU at the default context (up to 4096 tokens); the Memory tab shows other contexts</source>
        <translation>在 GPU 上以默认上下文（最多 4096 个 token）运行所需的显存；“内存”选项卡显示其他上下文长度下的需求</translation>
    </message>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="113"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="114"/>
        <source>Architecture</source>
        <translation>架构</translation>
    </message>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="115"/>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="116"/>
        <source>Quantization</source>
        <translation>量化</translation>
    </message>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="117"/>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="118"/>
        <source>Context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="119"/>
        <source>Experts</source>
        <translation>专家</translation>
    </message>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="120"/>
        <source>RAM</source>
        <translation>内存</translation>
    </message>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="121"/>
        <source>VRAM</source>
        <translation>显存</translation>
    </message>
    <message>
        <location filename="../domain/models/model_list_model.cpp" line="122"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
</context>
<context>
    <name>strata::ui::AbConfigEditor</name>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="16"/>
        <source>Adaptive</source>
        <translation>自适应</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="17"/>
        <source>Fixed spin</source>
        <translation>固定自旋</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="18"/>
        <source>Park at once</source>
        <translation>立即休眠</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="19"/>
        <source>%1: waiting policy</source>
        <translation>%1：等待策略</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="22"/>
        <source> µs</source>
        <translation> 微秒</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="23"/>
        <source>%1: spin time in microseconds</source>
        <translation>%1：自旋时间（微秒）</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="25"/>
        <source>physical cores</source>
        <translation>物理核心数</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="26"/>
        <source>%1: threads</source>
        <translation>%1：线程</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="29"/>
        <source>%1: KV cache type</source>
        <translation>%1：KV 缓存类型</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="31"/>
        <source>%1: device</source>
        <translation>%1：设备</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="35"/>
        <source>%1: MoE experts</source>
        <translation>%1：MoE 专家</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="36"/>
        <source>all in VRAM</source>
        <translation>全部在显存中</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="37"/>
        <source>hybrid: VRAM cache</source>
        <translation>混合：显存缓存</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="38"/>
        <source>first N layers on the CPU</source>
        <translation>前 N 层在 CPU 上</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="42"/>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="43"/>
        <source>%1: expert VRAM budget</source>
        <translation>%1：专家显存预算</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="46"/>
        <source> layers</source>
        <translation> 层</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="47"/>
        <source>%1: layers with experts on the CPU</source>
        <translation>%1：专家在 CPU 上的层数</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="50"/>
        <source>&amp;Waiting:</source>
        <translation>等待方式(&amp;W)：</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="51"/>
        <source>S&amp;pin time:</source>
        <translation>自旋时间(&amp;P)：</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="52"/>
        <source>&amp;Threads:</source>
        <translation>线程数(&amp;T)：</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="53"/>
        <source>&amp;KV cache:</source>
        <translation>KV 缓存(&amp;K)：</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="54"/>
        <source>&amp;Device:</source>
        <translation>设备(&amp;D)：</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="55"/>
        <source>&amp;Experts:</source>
        <translation>专家(&amp;E)：</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="56"/>
        <source>Expert &amp;budget:</source>
        <translation>专家预算(&amp;B)：</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="57"/>
        <source>CPU expert &amp;layers:</source>
        <translation>CPU 专家层数(&amp;L)：</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="79"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="81"/>
        <source>GPU %1: %2</source>
        <translation>GPU %1：%2</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_config_editor.cpp" line="93"/>
        <source>GPU %1: not found</source>
        <translation>GPU %1：未找到</translation>
    </message>
</context>
<context>
    <name>strata::ui::AbDialog</name>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="57"/>
        <source>Configuration A</source>
        <translation>配置 A</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="58"/>
        <source>Configuration B</source>
        <translation>配置 B</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="59"/>
        <source>&amp;Start</source>
        <translation>开始(&amp;S)</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="60"/>
        <source>&amp;Cancel run</source>
        <translation>取消运行(&amp;C)</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="61"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="61"/>
        <source>Config</source>
        <translation>配置</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="61"/>
        <location filename="../ui/ab/ab_dialog.cpp" line="65"/>
        <location filename="../ui/ab/ab_dialog.cpp" line="91"/>
        <source>Prefill tok/s</source>
        <translation>Prefill tok/s</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="61"/>
        <location filename="../ui/ab/ab_dialog.cpp" line="65"/>
        <location filename="../ui/ab/ab_dialog.cpp" line="91"/>
        <source>Decode tok/s</source>
        <translation>Decode tok/s</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="62"/>
        <location filename="../ui/ab/ab_dialog.cpp" line="66"/>
        <location filename="../ui/ab/ab_dialog.cpp" line="91"/>
        <source>Process CPU %</source>
        <translation>进程 CPU %</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="62"/>
        <location filename="../ui/ab/ab_dialog.cpp" line="66"/>
        <location filename="../ui/ab/ab_dialog.cpp" line="92"/>
        <source>Completion wait p50 (µs)</source>
        <translation>完成等待 p50（微秒）</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="64"/>
        <source>Median</source>
        <translation>中位数</translation>
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
        <location filename="../ui/ab/ab_dialog.cpp" line="65"/>
        <source>Policy</source>
        <translation>策略</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="65"/>
        <location filename="../ui/ab/ab_dialog.cpp" line="66"/>
        <source>vs best fixed</source>
        <translation>对比最佳固定策略</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="68"/>
        <source>Export &amp;CSV…</source>
        <translation>导出 CSV(&amp;C)…</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="68"/>
        <source>Export &amp;JSON…</source>
        <translation>导出 JSON(&amp;J)…</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="71"/>
        <source>A/B run</source>
        <translation>A/B 对比</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="74"/>
        <source>Explain in a few sentences why the sky is blue.</source>
        <translation>用几句话解释为什么天空是蓝色的。</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="76"/>
        <source>Prompt</source>
        <translation>提示词</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="80"/>
        <source>Repetitions per configuration</source>
        <translation>每个配置的重复次数</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="83"/>
        <source>Tokens per reply</source>
        <translation>每条回复的 token 数</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="97"/>
        <source>Configuration A against B</source>
        <translation>配置 A 对比 B</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="98"/>
        <source>Waiting policies: adaptive, park, fixed 100 µs, fixed 20 ms (A&apos;s threads and KV cache)</source>
        <translation>等待策略：自适应、休眠、固定 100 微秒、固定 20 毫秒（使用 A 的线程数和 KV 缓存）</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="100"/>
        <source>What to compare</source>
        <translation>对比内容</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="101"/>
        <source>Ratios are to the best fixed policy of this run (park, fixed 100 µs or fixed 20 ms): the fastest prefill, the fastest decode, and that fastest decode&apos;s CPU.</source>
        <translation>比值相对于本次运行中最佳的固定策略（休眠、固定 100 微秒或固定 20 毫秒）：最快的 Prefill、最快的 Decode，以及该最快 Decode 的 CPU 占用。</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="105"/>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="106"/>
        <source>Co&amp;mpare:</source>
        <translation>对比(&amp;M)：</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="107"/>
        <source>&amp;Prompt:</source>
        <translation>提示词(&amp;P)：</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="108"/>
        <source>&amp;Repetitions (each):</source>
        <translation>重复次数（每个）(&amp;R)：</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="109"/>
        <source>&amp;Tokens per reply:</source>
        <translation>每条回复的 token 数(&amp;T)：</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="113"/>
        <source>Runs alternate A B A B (the waiting policies: each in turn on A&apos;s model) after one warm-up each. A chat reply generated at the same time shares the CPU and skews the figures.</source>
        <translation>各自预热一次后，按 A B A B 交替运行（对比等待策略时：在 A 的模型上依次运行每种策略）。同时生成的聊天回复会占用 CPU，使数据失真。</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="126"/>
        <source>Cl&amp;ose</source>
        <translation>关闭(&amp;O)</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="167"/>
        <source>No model loaded: load one in the chat window first.</source>
        <translation>尚未加载模型：请先在聊天窗口中加载一个模型。</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="262"/>
        <source>Export A/B run as JSON</source>
        <translation>将 A/B 对比导出为 JSON</translation>
    </message>
    <message>
        <location filename="../ui/ab/ab_dialog.cpp" line="262"/>
        <source>Export A/B run as CSV</source>
        <translation>将 A/B 对比导出为 CSV</translation>
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
</context>
<context>
    <name>strata::ui::AboutDialog</name>
    <message>
        <location filename="../ui/about_dialog.cpp" line="17"/>
        <source>About Strata</source>
        <translation>关于 Strata</translation>
    </message>
    <message>
        <location filename="../ui/about_dialog.cpp" line="20"/>
        <source>&lt;h2&gt;Strata %1&lt;/h2&gt;&lt;p&gt;Run large language models locally.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Strata %1&lt;/h2&gt;&lt;p&gt;在本地运行大语言模型。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../ui/about_dialog.cpp" line="23"/>
        <source>Qt %1 (built with %2)</source>
        <translation>Qt %1（构建时使用 %2）</translation>
    </message>
    <message>
        <location filename="../ui/about_dialog.cpp" line="29"/>
        <source>Feature</source>
        <translation>功能</translation>
    </message>
    <message>
        <location filename="../ui/about_dialog.cpp" line="29"/>
        <source>Built in</source>
        <translation>已内置</translation>
    </message>
    <message>
        <location filename="../ui/about_dialog.cpp" line="29"/>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <location filename="../ui/about_dialog.cpp" line="31"/>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <location filename="../ui/about_dialog.cpp" line="31"/>
        <source>no</source>
        <translation>否</translation>
    </message>
</context>
<context>
    <name>strata::ui::AppearancePage</name>
    <message>
        <location filename="../ui/settings/appearance_page.cpp" line="14"/>
        <source>Theme</source>
        <translation>主题</translation>
    </message>
    <message>
        <location filename="../ui/settings/appearance_page.cpp" line="15"/>
        <location filename="../ui/settings/appearance_page.cpp" line="21"/>
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location filename="../ui/settings/appearance_page.cpp" line="16"/>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <location filename="../ui/settings/appearance_page.cpp" line="17"/>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <location filename="../ui/settings/appearance_page.cpp" line="20"/>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <location filename="../ui/settings/appearance_page.cpp" line="25"/>
        <source>A new language takes effect when Strata starts next.</source>
        <translation>新语言将在下次启动 Strata 时生效。</translation>
    </message>
    <message>
        <location filename="../ui/settings/appearance_page.cpp" line="29"/>
        <source>T&amp;heme:</source>
        <translation>主题(&amp;H)：</translation>
    </message>
    <message>
        <location filename="../ui/settings/appearance_page.cpp" line="30"/>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
</context>
<context>
    <name>strata::ui::CataloguePage</name>
    <message>
        <location filename="../ui/models/catalogue_page.cpp" line="26"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../ui/models/catalogue_page.cpp" line="26"/>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <location filename="../ui/models/catalogue_page.cpp" line="26"/>
        <source>Quantization</source>
        <translation>量化</translation>
    </message>
    <message>
        <location filename="../ui/models/catalogue_page.cpp" line="26"/>
        <source>Size (approx.)</source>
        <translation>大小（约）</translation>
    </message>
    <message>
        <location filename="../ui/models/catalogue_page.cpp" line="26"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location filename="../ui/models/catalogue_page.cpp" line="26"/>
        <source>License</source>
        <translation>许可证</translation>
    </message>
    <message>
        <location filename="../ui/models/catalogue_page.cpp" line="42"/>
        <source>&amp;Download selected</source>
        <translation>下载所选(&amp;D)</translation>
    </message>
    <message>
        <location filename="../ui/models/catalogue_page.cpp" line="49"/>
        <source>Download &amp;URL</source>
        <translation>从 URL 下载(&amp;U)</translation>
    </message>
    <message>
        <location filename="../ui/models/catalogue_page.cpp" line="65"/>
        <source>Any &amp;HTTPS URL:</source>
        <translation>任意 HTTPS URL(&amp;H)：</translation>
    </message>
    <message>
        <location filename="../ui/models/catalogue_page.cpp" line="69"/>
        <source>Save &amp;to:</source>
        <translation>保存到(&amp;T)：</translation>
    </message>
    <message>
        <location filename="../ui/models/catalogue_page.cpp" line="72"/>
        <source>Popular models (sizes are approximate; downloads are checked against the server&apos;s size and SHA-256):</source>
        <translation>热门模型（大小为近似值；下载后会与服务器提供的大小和 SHA-256 进行校验）：</translation>
    </message>
    <message>
        <location filename="../ui/models/catalogue_page.cpp" line="105"/>
        <location filename="../ui/models/catalogue_page.cpp" line="123"/>
        <source>Downloading %1 to %2</source>
        <translation>正在将 %1 下载到 %2</translation>
    </message>
    <message>
        <location filename="../ui/models/catalogue_page.cpp" line="115"/>
        <source>The URL does not name a file</source>
        <translation>该 URL 未指向文件</translation>
    </message>
</context>
<context>
    <name>strata::ui::ChatInput</name>
    <message>
        <location filename="../ui/chat/chat_input.cpp" line="10"/>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <location filename="../ui/chat/chat_input.cpp" line="11"/>
        <source>Write a message. Enter sends, Shift+Enter starts a new line.</source>
        <translation>输入消息。Enter 发送，Shift+Enter 换行。</translation>
    </message>
</context>
<context>
    <name>strata::ui::ChatPanel</name>
    <message>
        <location filename="../ui/chat/chat_panel.cpp" line="18"/>
        <source>&amp;Send</source>
        <translation>发送(&amp;S)</translation>
    </message>
    <message>
        <location filename="../ui/chat/chat_panel.cpp" line="18"/>
        <source>Sto&amp;p</source>
        <translation>停止(&amp;P)</translation>
    </message>
    <message>
        <location filename="../ui/chat/chat_panel.cpp" line="19"/>
        <source>&amp;Regenerate</source>
        <translation>重新生成(&amp;R)</translation>
    </message>
    <message>
        <location filename="../ui/chat/chat_panel.cpp" line="26"/>
        <source>Editing a message: Enter sends it again and replaces what followed; Esc cancels.</source>
        <translation>正在编辑消息：Enter 重新发送并替换其后的内容；Esc 取消。</translation>
    </message>
    <message>
        <location filename="../ui/chat/chat_panel.cpp" line="33"/>
        <source>Stop the reply (Esc)</source>
        <translation>停止回复（Esc）</translation>
    </message>
    <message>
        <location filename="../ui/chat/chat_panel.cpp" line="34"/>
        <source>Write the last reply again</source>
        <translation>重新生成最后一条回复</translation>
    </message>
</context>
<context>
    <name>strata::ui::ChatView</name>
    <message>
        <location filename="../ui/chat/chat_view.cpp" line="48"/>
        <source>Conversation</source>
        <translation>对话</translation>
    </message>
    <message>
        <location filename="../ui/chat/chat_view.cpp" line="296"/>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <location filename="../ui/chat/chat_view.cpp" line="296"/>
        <source>Note</source>
        <translation>提示</translation>
    </message>
</context>
<context>
    <name>strata::ui::CodeBlockView</name>
    <message>
        <location filename="../ui/chat/code_block_view.cpp" line="26"/>
        <source>code</source>
        <translation>代码</translation>
    </message>
    <message>
        <location filename="../ui/chat/code_block_view.cpp" line="29"/>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <location filename="../ui/chat/code_block_view.cpp" line="30"/>
        <source>Copy this code</source>
        <translation>复制这段代码</translation>
    </message>
    <message>
        <location filename="../ui/chat/code_block_view.cpp" line="31"/>
        <source>Copy code</source>
        <translation>复制代码</translation>
    </message>
    <message>
        <location filename="../ui/chat/code_block_view.cpp" line="44"/>
        <source>Code</source>
        <translation>代码</translation>
    </message>
</context>
<context>
    <name>strata::ui::ConversationSettingsDialog</name>
    <message>
        <location filename="../ui/chat/conversation_settings_dialog.cpp" line="33"/>
        <source>Chat settings</source>
        <translation>聊天设置</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_settings_dialog.cpp" line="37"/>
        <source>For example: You are a concise assistant.</source>
        <translation>例如：你是一个言简意赅的助手。</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_settings_dialog.cpp" line="40"/>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_settings_dialog.cpp" line="45"/>
        <source>random</source>
        <translation>随机</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_settings_dialog.cpp" line="49"/>
        <source>&amp;System prompt:</source>
        <translation>系统提示词(&amp;S)：</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_settings_dialog.cpp" line="50"/>
        <source>&amp;Temperature:</source>
        <translation>温度(&amp;T)：</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_settings_dialog.cpp" line="51"/>
        <source>Top-&amp;k:</source>
        <translation>Top-&amp;k：</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_settings_dialog.cpp" line="52"/>
        <source>Top-&amp;p:</source>
        <translation>Top-&amp;p：</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_settings_dialog.cpp" line="53"/>
        <source>&amp;Min-p:</source>
        <translation>&amp;Min-p：</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_settings_dialog.cpp" line="54"/>
        <source>&amp;Repeat penalty:</source>
        <translation>重复惩罚(&amp;R)：</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_settings_dialog.cpp" line="55"/>
        <source>Ma&amp;x reply tokens:</source>
        <translation>最大回复 token 数(&amp;X)：</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_settings_dialog.cpp" line="56"/>
        <source>S&amp;eed:</source>
        <translation>随机种子(&amp;E)：</translation>
    </message>
</context>
<context>
    <name>strata::ui::ConversationSidebar</name>
    <message>
        <location filename="../ui/chat/conversation_sidebar.cpp" line="21"/>
        <source>&amp;New chat</source>
        <translation>新聊天(&amp;N)</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_sidebar.cpp" line="26"/>
        <location filename="../ui/chat/conversation_sidebar.cpp" line="27"/>
        <source>Search chats</source>
        <translation>搜索聊天</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_sidebar.cpp" line="32"/>
        <source>Chats</source>
        <translation>聊天</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_sidebar.cpp" line="41"/>
        <location filename="../ui/chat/conversation_sidebar.cpp" line="110"/>
        <source>Delete chat</source>
        <translation>删除聊天</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_sidebar.cpp" line="111"/>
        <source>Delete &quot;%1&quot; and all its messages? This cannot be undone.</source>
        <translation>删除“%1”及其全部消息？此操作无法撤销。</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_sidebar.cpp" line="114"/>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_sidebar.cpp" line="130"/>
        <source>&amp;Rename</source>
        <translation>重命名(&amp;R)</translation>
    </message>
    <message>
        <location filename="../ui/chat/conversation_sidebar.cpp" line="131"/>
        <source>&amp;Delete...</source>
        <translation>删除(&amp;D)…</translation>
    </message>
</context>
<context>
    <name>strata::ui::CpuCoresPanel</name>
    <message>
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="36"/>
        <source>busy</source>
        <translation>忙碌</translation>
    </message>
    <message>
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="37"/>
        <source>spinning</source>
        <translation>自旋</translation>
    </message>
    <message>
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="38"/>
        <source>parked</source>
        <translation>休眠</translation>
    </message>
    <message>
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="39"/>
        <source>starting</source>
        <translation>启动中</translation>
    </message>
    <message>
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="40"/>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="49"/>
        <source>CPU load per core</source>
        <translation>各核心 CPU 负载</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="122"/>
        <source>S: stagers, %n thread(s), %1 cores</source>
        <translation>
            <numerusform>S：暂存线程 %n 个，占 %1 个核心</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="138"/>
        <source>cell: load · H: engine thread</source>
        <translation>格子：负载 · H：引擎线程</translation>
    </message>
    <message>
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="263"/>
        <source>CPU %1: %2% busy</source>
        <translation>CPU %1：%2% 忙碌</translation>
    </message>
    <message>
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="264"/>
        <source>CPU %1</source>
        <translation>CPU %1</translation>
    </message>
    <message>
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="265"/>
        <source>CPU %1: offline</source>
        <translation>CPU %1：离线</translation>
    </message>
    <message>
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="267"/>
        <source>
pool worker %1: %2</source>
        <translation>
线程池工作线程 %1：%2</translation>
    </message>
    <message>
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="269"/>
        <source>
engine thread (pool host): %1</source>
        <translation>
引擎线程（线程池主线程）：%1</translation>
    </message>
    <message>
        <location filename="../ui/panels/cpu_cores_panel.cpp" line="271"/>
        <source>
an expert stager last ran here</source>
        <translation>
专家暂存线程最近在此运行</translation>
    </message>
</context>
<context>
    <name>strata::ui::DownloadsPage</name>
    <message>
        <location filename="../ui/models/downloads_page.cpp" line="57"/>
        <location filename="../ui/models/downloads_page.cpp" line="99"/>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <location filename="../ui/models/downloads_page.cpp" line="60"/>
        <source>&amp;Cancel download</source>
        <translation>取消下载(&amp;C)</translation>
    </message>
    <message>
        <location filename="../ui/models/downloads_page.cpp" line="99"/>
        <source>&amp;Resume</source>
        <translation>继续(&amp;R)</translation>
    </message>
    <message>
        <location filename="../ui/models/downloads_page.cpp" line="121"/>
        <source>Cancel download</source>
        <translation>取消下载</translation>
    </message>
    <message>
        <location filename="../ui/models/downloads_page.cpp" line="121"/>
        <source>Stop downloading and delete the partial file?</source>
        <translation>停止下载并删除未完成的文件？</translation>
    </message>
</context>
<context>
    <name>strata::ui::EngineSettingsPage</name>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="32"/>
        <source>&amp;Pin worker threads to cores</source>
        <translation>将工作线程绑定到核心(&amp;P)</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="41"/>
        <source>automatic (physical cores: %1)</source>
        <translation>自动（物理核心：%1）</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="42"/>
        <source>Threads</source>
        <translation>线程数</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="44"/>
        <source>Physical cores on this machine: %1. One thread per physical core is usually fastest: the matrix work is limited by memory bandwidth and each core&apos;s vector units, and a second hardware thread on the same core (SMT) shares both, so it adds waiting, not speed.</source>
        <translation>本机物理核心数：%1。通常每个物理核心一个线程最快：矩阵运算受限于内存带宽和每个核心的向量单元，而同一核心上的第二个硬件线程（SMT）会共享这两者，只会增加等待，不会提速。</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="53"/>
        <source>Pinned workers never migrate between cores. This helps on an otherwise idle machine and hurts when other programs need the same cores.</source>
        <translation>绑定后的工作线程不会在核心之间迁移。机器空闲时这有帮助；其他程序需要相同核心时则会拖慢速度。</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="59"/>
        <source>the model&apos;s (up to 4096)</source>
        <translation>模型自身的值（最多 4096）</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="60"/>
        <location filename="../ui/settings/engine_settings_page.cpp" line="74"/>
        <source> tokens</source>
        <translation> 个 token</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="61"/>
        <source>Context length</source>
        <translation>上下文长度</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="64"/>
        <source>f16 (exact)</source>
        <translation>f16（精确）</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="65"/>
        <source>q8_0 (half the memory)</source>
        <translation>q8_0（内存减半）</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="66"/>
        <source>KV cache type</source>
        <translation>KV 缓存类型</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="75"/>
        <source>Prefill batch size</source>
        <translation>Prefill 批大小</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="72"/>
        <location filename="../ui/settings/engine_settings_page.cpp" line="147"/>
        <source>Automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="79"/>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="80"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="82"/>
        <source>GPU %1: %2</source>
        <translation>GPU %1：%2</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="87"/>
        <location filename="../ui/settings/engine_settings_page.cpp" line="217"/>
        <source>GPUs %1: layers split</source>
        <translation>GPU %1：按层拆分</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="89"/>
        <source>Budget per GPU</source>
        <translation>每个 GPU 的预算</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="90"/>
        <source>all free VRAM on each</source>
        <translation>每个 GPU 的全部空闲显存</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="94"/>
        <source>For a split over several GPUs: the MiB the model may take on each, in the order of the list, e.g. &quot;20000, 0&quot; (0: all free VRAM). Each GPU gets a share of the layers in proportion, with their KV cache.</source>
        <translation>拆分到多个 GPU 时：模型在每个 GPU 上最多可占用的 MiB，按列表顺序填写，例如 &quot;20000, 0&quot;（0：全部空闲显存）。每个 GPU 按比例分得一部分层及其 KV 缓存。</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="98"/>
        <source>No GPU the engine can use was found, so models run on the CPU.</source>
        <translation>未找到引擎可用的 GPU，模型将在 CPU 上运行。</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="99"/>
        <source>A model that does not fit on the GPU is not loaded, and the one loaded before stays; Strata does not move it to the CPU by itself. The error says how much VRAM it needs; choose the CPU here to run it there.</source>
        <translation>放不进 GPU 的模型不会被加载，之前加载的模型保持不变；Strata 不会自行把它转到 CPU 上。错误信息会说明它需要多少显存；如需在 CPU 上运行，请在此处选择 CPU。</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="109"/>
        <source>all free VRAM</source>
        <translation>全部可用显存</translation>
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
        <translation>显存预算</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="112"/>
        <source>The most the model may take on the GPU: weights, KV cache and scratch.</source>
        <translation>模型在 GPU 上最多可占用的显存：权重、KV 缓存和临时缓冲区。</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="115"/>
        <source>GPU wait</source>
        <translation>GPU 等待方式</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="116"/>
        <source>blocking sync (the host sleeps)</source>
        <translation>阻塞同步（主机线程休眠）</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="117"/>
        <source>spin (takes a whole core)</source>
        <translation>自旋（占满一个核心）</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="118"/>
        <source>yield (polls, yielding the core)</source>
        <translation>让出（轮询并让出核心）</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="119"/>
        <source>adaptive (sleeps until the GPU is nearly done, then polls)</source>
        <translation>自适应（休眠到 GPU 快完成时，再轮询）</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="121"/>
        <source>How the engine thread waits for each step on the GPU. Blocking sync leaves the core to other work; spinning reacts a little sooner but keeps a core busy; adaptive sleeps until a step is nearly done, then polls briefly.</source>
        <translation>引擎线程如何等待 GPU 上的每一步。阻塞同步把核心留给其他工作；自旋反应稍快，但会占满一个核心；自适应休眠到一步快完成时，再短暂轮询。</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="126"/>
        <source>MoE experts</source>
        <translation>MoE 专家</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="127"/>
        <source>all in VRAM</source>
        <translation>全部在显存中</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="128"/>
        <source>hybrid: VRAM cache of the hottest experts</source>
        <translation>混合：显存缓存最常用的专家</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="129"/>
        <source>first N layers&apos; experts on the CPU</source>
        <translation>前 N 层的专家在 CPU 上</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="130"/>
        <source>Where a mixture-of-experts model&apos;s experts live when it runs on the GPU. The experts not in VRAM run on the CPU&apos;s worker pool at the same time as the GPU, so a model larger than the VRAM still runs mostly on the GPU. Other models ignore this.</source>
        <translation>混合专家（MoE）模型在 GPU 上运行时其专家存放的位置。不在显存中的专家与 GPU 同时在 CPU 的工作线程池上运行，因此比显存更大的模型仍可主要在 GPU 上运行。其他模型忽略此设置。</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="136"/>
        <source>none: every expert on the CPU</source>
        <translation>无：所有专家都在 CPU 上</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="138"/>
        <source>Expert VRAM budget</source>
        <translation>专家显存预算</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="139"/>
        <source>VRAM for the experts the model&apos;s routing uses most; it learns which while you chat and remembers them for the next start.</source>
        <translation>为模型路由最常选用的专家保留的显存；它会在您聊天时学习是哪些专家，并在下次启动时记住它们。</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="143"/>
        <source> layers</source>
        <translation> 层</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="144"/>
        <source>Layers with experts on the CPU</source>
        <translation>专家在 CPU 上的层数</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="148"/>
        <source>On</source>
        <translation>开</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="149"/>
        <source>Off</source>
        <translation>关</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="150"/>
        <source>Wake the CPU&apos;s workers ahead</source>
        <translation>提前唤醒 CPU 工作线程</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="151"/>
        <source>On: the worker threads for a layer&apos;s CPU experts are woken when the GPU has its work and sleep between layers. Off: they are woken when the routing reaches the CPU. Automatic: on while few experts per layer miss the VRAM, where it saves CPU, and off while many do, where it costs speed.</source>
        <translation>开：在 GPU 拿到某层的工作时即唤醒负责该层 CPU 专家的工作线程，并让它们在层与层之间休眠。关：在路由结果到达 CPU 时才唤醒它们。自动：当每层只有少数专家不在显存中时开启（此时可节省 CPU），当很多专家不在显存中时关闭（此时会降低速度）。</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="170"/>
        <source>&amp;Threads:</source>
        <translation>线程数(&amp;T)：</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="172"/>
        <source>Affinity:</source>
        <translation>亲和性：</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="173"/>
        <source>&amp;Context length:</source>
        <translation>上下文长度(&amp;C)：</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="174"/>
        <source>&amp;KV cache type:</source>
        <translation>KV 缓存类型(&amp;K)：</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="175"/>
        <source>Prefill &amp;batch size:</source>
        <translation>Prefill 批大小(&amp;B)：</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="176"/>
        <source>&amp;Device:</source>
        <translation>设备(&amp;D)：</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="178"/>
        <source>Budget per &amp;GPU (MiB):</source>
        <translation>每个 &amp;GPU 的预算 (MiB)：</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="179"/>
        <source>&amp;VRAM budget:</source>
        <translation>显存预算(&amp;V)：</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="180"/>
        <source>GPU &amp;wait:</source>
        <translation>GPU 等待方式(&amp;W)：</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="181"/>
        <source>MoE &amp;experts:</source>
        <translation>MoE 专家(&amp;E)：</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="182"/>
        <source>Expert VRAM b&amp;udget:</source>
        <translation>专家显存预算(&amp;U)：</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="183"/>
        <source>Expert &amp;layers on the CPU:</source>
        <translation>CPU 上的专家层数(&amp;L)：</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="184"/>
        <source>Wake the CPU&apos;s workers a&amp;head:</source>
        <translation>提前唤醒 CPU 工作线程(&amp;H)：</translation>
    </message>
    <message>
        <location filename="../ui/settings/engine_settings_page.cpp" line="221"/>
        <source>GPU %1: not found</source>
        <translation>GPU %1：未找到</translation>
    </message>
</context>
<context>
    <name>strata::ui::ExpertMapPanel</name>
    <message>
        <location filename="../ui/panels/expert_map_panel.cpp" line="35"/>
        <source>VRAM, hit</source>
        <translation>显存，命中</translation>
    </message>
    <message>
        <location filename="../ui/panels/expert_map_panel.cpp" line="36"/>
        <source>VRAM, unused</source>
        <translation>显存，未使用</translation>
    </message>
    <message>
        <location filename="../ui/panels/expert_map_panel.cpp" line="37"/>
        <source>missed: ran on the CPU</source>
        <translation>未命中：在 CPU 上运行</translation>
    </message>
    <message>
        <location filename="../ui/panels/expert_map_panel.cpp" line="38"/>
        <source>CPU, unused</source>
        <translation>CPU，未使用</translation>
    </message>
    <message>
        <location filename="../ui/panels/expert_map_panel.cpp" line="54"/>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <location filename="../ui/panels/expert_map_panel.cpp" line="55"/>
        <source>%1 µs</source>
        <translation>%1 微秒</translation>
    </message>
    <message>
        <location filename="../ui/panels/expert_map_panel.cpp" line="64"/>
        <location filename="../ui/panels/expert_map_panel.cpp" line="93"/>
        <source>No hybrid model loaded</source>
        <translation>未加载混合模型</translation>
    </message>
    <message>
        <location filename="../ui/panels/expert_map_panel.cpp" line="67"/>
        <source>Expert cache map</source>
        <translation>专家缓存图</translation>
    </message>
    <message>
        <location filename="../ui/panels/expert_map_panel.cpp" line="128"/>
        <source>%1 layers × %2 experts, %3 · hits %4% · CPU experts %5 ms/token</source>
        <translation>%1 层 × %2 个专家，%3 · 命中 %4% · CPU 专家 %5 毫秒/token</translation>
    </message>
    <message>
        <location filename="../ui/panels/expert_map_panel.cpp" line="131"/>
        <source>static</source>
        <translation>静态</translation>
    </message>
    <message>
        <location filename="../ui/panels/expert_map_panel.cpp" line="131"/>
        <source>learnt cache</source>
        <translation>学习型缓存</translation>
    </message>
    <message>
        <location filename="../ui/panels/expert_map_panel.cpp" line="135"/>
        <source>completion wait p50 / p99: %1 / %2 · PCIe %3 MiB/token</source>
        <translation>完成等待 p50 / p99：%1 / %2 · PCIe %3 MiB/token</translation>
    </message>
    <message>
        <location filename="../ui/panels/expert_map_panel.cpp" line="247"/>
        <source>layer %1, expert %2: %3</source>
        <translation>第 %1 层，专家 %2：%3</translation>
    </message>
    <message>
        <location filename="../ui/panels/expert_map_panel.cpp" line="250"/>
        <source>
heat %1</source>
        <translation>
热度 %1</translation>
    </message>
</context>
<context>
    <name>strata::ui::GpuPanel</name>
    <message>
        <location filename="../ui/panels/gpu_panel.cpp" line="12"/>
        <source>GPU utilisation and VRAM, last minute</source>
        <translation>GPU 利用率和显存（最近一分钟）</translation>
    </message>
    <message>
        <location filename="../ui/panels/gpu_panel.cpp" line="16"/>
        <source>utilisation %</source>
        <translation>利用率 %</translation>
    </message>
    <message>
        <location filename="../ui/panels/gpu_panel.cpp" line="17"/>
        <source>VRAM %</source>
        <translation>显存 %</translation>
    </message>
    <message>
        <location filename="../ui/panels/gpu_panel.cpp" line="29"/>
        <source>No NVIDIA driver: GPU figures are not available.</source>
        <translation>没有 NVIDIA 驱动：无法获取 GPU 数据。</translation>
    </message>
    <message>
        <location filename="../ui/panels/gpu_panel.cpp" line="32"/>
        <source>No GPU figures: %1</source>
        <translation>无 GPU 数据：%1</translation>
    </message>
    <message>
        <location filename="../ui/panels/gpu_panel.cpp" line="41"/>
        <source>GPU %1 %2: %3% · VRAM %4 / %5 GiB</source>
        <translation>GPU %1 %2：%3% · 显存 %4 / %5 GiB</translation>
    </message>
    <message>
        <location filename="../ui/panels/gpu_panel.cpp" line="48"/>
        <source>, Strata %1 GiB</source>
        <translation>，Strata 占用 %1 GiB</translation>
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
</context>
<context>
    <name>strata::ui::LibraryPage</name>
    <message>
        <location filename="../ui/models/library_page.cpp" line="33"/>
        <source>Filter models</source>
        <translation>筛选模型</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="66"/>
        <source>&amp;Load in chat</source>
        <translation>在聊天中加载(&amp;L)</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="67"/>
        <source>Set as &amp;default</source>
        <translation>设为默认(&amp;D)</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="68"/>
        <source>Re&amp;name…</source>
        <translation>重命名(&amp;N)…</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="69"/>
        <source>Show in &amp;folder</source>
        <translation>在文件夹中显示(&amp;F)</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="70"/>
        <source>&amp;Remove…</source>
        <translation>删除(&amp;R)…</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="71"/>
        <source>&amp;Import file…</source>
        <translation>导入文件(&amp;I)…</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="72"/>
        <source>Add f&amp;older…</source>
        <translation>添加文件夹(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="73"/>
        <source>Re&amp;scan</source>
        <translation>重新扫描(&amp;S)</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/models/library_page.cpp" line="114"/>
        <source>%n model(s) in %1</source>
        <translation>
            <numerusform>%1 中有 %n 个模型</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="121"/>
        <source>Imported %1</source>
        <translation>已导入 %1</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="121"/>
        <source>Import failed: %1</source>
        <translation>导入失败：%1</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="175"/>
        <source>Rename model</source>
        <translation>重命名模型</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="175"/>
        <source>New file name:</source>
        <translation>新文件名：</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="180"/>
        <source>Renamed to %1</source>
        <translation>已重命名为 %1</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="192"/>
        <source>Remove %1 from the library? The file stays on the disk.</source>
        <translation>从模型库中移除 %1？文件仍保留在磁盘上。</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="195"/>
        <source>Remove model</source>
        <translation>删除模型</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="193"/>
        <source>Delete %1 from the disk? This cannot be undone.</source>
        <translation>从磁盘上删除 %1？此操作无法撤销。</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="199"/>
        <source>Deleted %1</source>
        <translation>已删除 %1</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="199"/>
        <source>Removed %1 from the library</source>
        <translation>已从模型库中移除 %1</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="212"/>
        <source>Import a GGUF model</source>
        <translation>导入 GGUF 模型</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="213"/>
        <source>GGUF models (*.gguf);;All files (*)</source>
        <translation>GGUF 模型 (*.gguf);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="217"/>
        <source>Import model</source>
        <translation>导入模型</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="217"/>
        <source>Move %1 into the library folder instead of copying it?</source>
        <translation>将 %1 移动到模型库文件夹，而不是复制？</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="221"/>
        <source>Importing %1…</source>
        <translation>正在导入 %1…</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="227"/>
        <source>Add a folder of models</source>
        <translation>添加模型文件夹</translation>
    </message>
    <message>
        <location filename="../ui/models/library_page.cpp" line="229"/>
        <source>%1 is already in the library</source>
        <translation>%1 已在模型库中</translation>
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
        <translation>聊天设置(&amp;T)…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="76"/>
        <location filename="../ui/main_window.cpp" line="230"/>
        <source>No model loaded</source>
        <translation>未加载模型</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="99"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="101"/>
        <source>&amp;New chat</source>
        <translation>新聊天(&amp;N)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="104"/>
        <source>&amp;Open GGUF model...</source>
        <translation>打开 GGUF 模型(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="106"/>
        <source>&amp;Load document...</source>
        <translation>加载文档(&amp;L)…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="109"/>
        <source>&amp;Paste as document</source>
        <translation>作为文档粘贴(&amp;P)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="111"/>
        <source>&amp;Models…</source>
        <translation>模型(&amp;M)…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="116"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="119"/>
        <source>&amp;Chat</source>
        <translation>聊天(&amp;C)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="121"/>
        <source>&amp;Write a message</source>
        <translation>输入消息(&amp;W)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="124"/>
        <source>&amp;Stop</source>
        <translation>停止(&amp;S)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="128"/>
        <source>&amp;Regenerate</source>
        <translation>重新生成(&amp;R)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="131"/>
        <source>Re&amp;name chat</source>
        <translation>重命名聊天(&amp;N)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="133"/>
        <source>&amp;Delete chat...</source>
        <translation>删除聊天(&amp;D)…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="134"/>
        <source>Searc&amp;h chats</source>
        <translation>搜索聊天(&amp;H)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="142"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="147"/>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="149"/>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="152"/>
        <source>&amp;A/B run…</source>
        <translation>A/B 对比(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="157"/>
        <source>API server</source>
        <translation>API 服务器</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="163"/>
        <source>API &amp;server</source>
        <translation>API 服务器(&amp;S)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="167"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="169"/>
        <source>&amp;About Strata</source>
        <translation>关于 Strata(&amp;A)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="171"/>
        <source>About &amp;Qt</source>
        <translation>关于 Qt(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="197"/>
        <source>Load a document</source>
        <translation>加载文档</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="198"/>
        <source>Text documents (*.txt *.md *.markdown *.rst *.csv *.json *.log);;All files (*)</source>
        <translation>文本文档 (*.txt *.md *.markdown *.rst *.csv *.json *.log);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="205"/>
        <source>it is larger than %1 MiB</source>
        <translation>文件大于 %1 MiB</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="209"/>
        <source>Load document</source>
        <translation>加载文档</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="209"/>
        <source>Cannot load %1: %2</source>
        <translation>无法加载 %1：%2</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="221"/>
        <source>Pasted text</source>
        <translation>粘贴的文本</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="232"/>
        <source>Model loaded</source>
        <translation>模型已加载</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="234"/>
        <source>Model loaded, running on %1</source>
        <translation>模型已加载，运行于 %1</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="242"/>
        <source>Remote model %1: the panels&apos; CPU, pool and GPU figures are this computer&apos;s and do not apply to it; each reply&apos;s rate and time to first token come from its stream.</source>
        <translation>远程模型 %1：面板中的 CPU、线程池和 GPU 数据属于本机，不适用于它；每条回复的速率和首个词元时间来自其数据流。</translation>
    </message>
    <message>
        <location filename="../ui/main_window.cpp" line="252"/>
        <source>Remote reply: %1 tok/s, first token after %2 ms (measured from the stream; local CPU and GPU figures do not apply).</source>
        <translation>远程回复：%1 tok/s，首个词元用时 %2 ms（从数据流测得；本机 CPU 和 GPU 数据不适用）。</translation>
    </message>
</context>
<context>
    <name>strata::ui::MessageBody</name>
    <message>
        <location filename="../ui/chat/message_body.cpp" line="34"/>
        <source>Message text</source>
        <translation>消息文本</translation>
    </message>
</context>
<context>
    <name>strata::ui::MessageWidget</name>
    <message>
        <location filename="../ui/chat/message_widget.cpp" line="19"/>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <location filename="../ui/chat/message_widget.cpp" line="20"/>
        <source>You</source>
        <translation>你</translation>
    </message>
    <message>
        <location filename="../ui/chat/message_widget.cpp" line="21"/>
        <source>Assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <location filename="../ui/chat/message_widget.cpp" line="56"/>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <location filename="../ui/chat/message_widget.cpp" line="57"/>
        <source>Copy the whole message</source>
        <translation>复制整条消息</translation>
    </message>
    <message>
        <location filename="../ui/chat/message_widget.cpp" line="64"/>
        <source>Edit</source>
        <translation>编辑</translation>
    </message>
    <message>
        <location filename="../ui/chat/message_widget.cpp" line="65"/>
        <source>Edit this message and send it again</source>
        <translation>编辑此消息并重新发送</translation>
    </message>
    <message>
        <location filename="../ui/chat/message_widget.cpp" line="70"/>
        <source>Regenerate</source>
        <translation>重新生成</translation>
    </message>
    <message>
        <location filename="../ui/chat/message_widget.cpp" line="71"/>
        <source>Write this reply again</source>
        <translation>重新生成这条回复</translation>
    </message>
    <message>
        <location filename="../ui/chat/message_widget.cpp" line="96"/>
        <source>Interrupted: the app ended before this reply was finished.</source>
        <translation>已中断：应用在此回复完成前已退出。</translation>
    </message>
</context>
<context>
    <name>strata::ui::ModelDetailsWidget</name>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="30"/>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="30"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="50"/>
        <source>f16 (2 bytes per value)</source>
        <translation>f16（每个值 2 字节）</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="51"/>
        <source>q8_0 (34 bytes per 32 values)</source>
        <translation>q8_0（每 32 个值 34 字节）</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="58"/>
        <source>RAM (CPU)</source>
        <translation>内存（CPU）</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="58"/>
        <source>VRAM (GPU)</source>
        <translation>显存（GPU）</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="59"/>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="59"/>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="59"/>
        <source>Buffers</source>
        <translation>缓冲区</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="59"/>
        <source>Total</source>
        <translation>总计</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="64"/>
        <source>&amp;Context length:</source>
        <translation>上下文长度(&amp;C)：</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="65"/>
        <source>&amp;KV cache type:</source>
        <translation>KV 缓存类型(&amp;K)：</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="70"/>
        <source>Metadata</source>
        <translation>元数据</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="71"/>
        <source>Chat template</source>
        <translation>聊天模板</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="72"/>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="91"/>
        <source>Select a model to see its details.</source>
        <translation>选择一个模型以查看详情。</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="96"/>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;This file cannot be loaded:&lt;br&gt;%2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;无法加载此文件：&lt;br&gt;%2</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="99"/>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2, %3 parameters, %4, %5</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2，%3 参数，%4，%5</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="111"/>
        <source>(this model has no chat template)</source>
        <translation>（此模型没有聊天模板）</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="130"/>
        <source>unknown (missing attention fields)</source>
        <translation>未知（缺少注意力相关字段）</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="132"/>
        <source>About %1 of RAM: weights %2 + KV cache %3 + %4 for compute buffers and the runtime (a fixed allowance).</source>
        <translation>约需 %1 内存：权重 %2 + KV 缓存 %3 + 计算缓冲区和运行时 %4（固定预留）。</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="140"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="144"/>
        <source>The VRAM it needs is unknown: the engine cannot read the model&apos;s sizes.</source>
        <translation>所需显存未知：引擎无法读取该模型的尺寸信息。</translation>
    </message>
    <message>
        <location filename="../ui/models/model_details_widget.cpp" line="152"/>
        <source>On a GPU about %1 of VRAM: weights %2 + an f16 KV cache %3 (the GPU keeps f16 only) + %4 of buffers for a prefill batch of 512 tokens; the driver&apos;s own context comes on top.</source>
        <translation>在 GPU 上约需 %1 显存：权重 %2 + f16 KV 缓存 %3（GPU 上只使用 f16）+ 512 个 token 的 Prefill 批次所需缓冲区 %4；驱动自身的上下文另计。</translation>
    </message>
</context>
<context>
    <name>strata::ui::ModelManagerDialog</name>
    <message>
        <location filename="../ui/models/model_manager_dialog.cpp" line="19"/>
        <source>Models</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../ui/models/model_manager_dialog.cpp" line="25"/>
        <source>&amp;Library</source>
        <translation>模型库(&amp;L)</translation>
    </message>
    <message>
        <location filename="../ui/models/model_manager_dialog.cpp" line="26"/>
        <source>C&amp;atalogue</source>
        <translation>模型目录(&amp;A)</translation>
    </message>
    <message>
        <location filename="../ui/models/model_manager_dialog.cpp" line="27"/>
        <source>Do&amp;wnloads</source>
        <translation>下载(&amp;W)</translation>
    </message>
</context>
<context>
    <name>strata::ui::ModelSelector</name>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="20"/>
        <source>&amp;Open GGUF...</source>
        <translation>打开 GGUF(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="22"/>
        <source>&amp;Edit remote server...</source>
        <translation>编辑远程服务器(&amp;E)...</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="23"/>
        <source>&amp;Forget its API key</source>
        <translation>忘记其 API 密钥(&amp;F)</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="24"/>
        <source>Remove from &amp;recent models</source>
        <translation>从最近使用的模型中移除(&amp;R)</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="25"/>
        <source>No model loaded</source>
        <translation>未加载模型</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="29"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="37"/>
        <source>Edit or remove the chosen recent model</source>
        <translation>编辑或移除所选的最近使用的模型</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="38"/>
        <source>Manage the chosen model</source>
        <translation>管理所选模型</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="50"/>
        <source>Model loading progress</source>
        <translation>模型加载进度</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="76"/>
        <source>&amp;Model:</source>
        <translation>模型(&amp;M)：</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="99"/>
        <source>No recent models</source>
        <translation>没有最近使用的模型</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="99"/>
        <source>Choose a recent model</source>
        <translation>选择最近使用的模型</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="144"/>
        <source>Loaded: %1</source>
        <translation>已加载：%1</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="160"/>
        <source>Open a GGUF model</source>
        <translation>打开 GGUF 模型</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="160"/>
        <source>GGUF models (*.gguf)</source>
        <translation>GGUF 模型 (*.gguf)</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="232"/>
        <source>Loading %1...</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="239"/>
        <source>Loading %1... (%2 stays in memory until then)</source>
        <translation>正在加载 %1…（在此之前 %2 仍保留在内存中）</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="240"/>
        <source>%1
The loaded model is freed only when the new one is ready, so for a moment both are in memory.</source>
        <translation>%1
新模型就绪后才会释放已加载的模型，因此短时间内两者会同时占用内存。</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="261"/>
        <location filename="../ui/chat/model_selector.cpp" line="273"/>
        <source>Loaded</source>
        <translation>已加载</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="273"/>
        <source>Not loaded</source>
        <translation>未加载</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="274"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="21"/>
        <source>&amp;Remote server...</source>
        <translation>远程服务器(&amp;R)...</translation>
    </message>
    <message>
        <location filename="../ui/chat/model_selector.cpp" line="34"/>
        <source>Chat with a model on a server that speaks the OpenAI API</source>
        <translation>与支持 OpenAI API 的服务器上的模型聊天</translation>
    </message>
</context>
<context>
    <name>strata::ui::PerformancePanels</name>
    <message>
        <location filename="../ui/panels/performance_panels.cpp" line="30"/>
        <source>&amp;Panels</source>
        <translation>面板(&amp;P)</translation>
    </message>
    <message>
        <location filename="../ui/panels/performance_panels.cpp" line="32"/>
        <source>Tokens per second</source>
        <translation>每秒 token 数</translation>
    </message>
    <message>
        <location filename="../ui/panels/performance_panels.cpp" line="35"/>
        <source>Process</source>
        <translation>进程</translation>
    </message>
    <message>
        <location filename="../ui/panels/performance_panels.cpp" line="36"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../ui/panels/performance_panels.cpp" line="38"/>
        <source>CPU cores</source>
        <translation>CPU 核心</translation>
    </message>
    <message>
        <location filename="../ui/panels/performance_panels.cpp" line="40"/>
        <source>Expert cache</source>
        <translation>专家缓存</translation>
    </message>
    <message>
        <location filename="../ui/panels/performance_panels.cpp" line="41"/>
        <source>Worker pool</source>
        <translation>工作线程池</translation>
    </message>
    <message>
        <location filename="../ui/panels/performance_panels.cpp" line="50"/>
        <source>&amp;Show all panels</source>
        <translation>显示全部面板(&amp;S)</translation>
    </message>
    <message>
        <location filename="../ui/panels/performance_panels.cpp" line="52"/>
        <source>&amp;Hide all panels</source>
        <translation>隐藏全部面板(&amp;H)</translation>
    </message>
    <message>
        <location filename="../ui/panels/performance_panels.cpp" line="55"/>
        <source>Waiting policy</source>
        <translation>等待策略</translation>
    </message>
    <message>
        <location filename="../ui/panels/performance_panels.cpp" line="85"/>
        <source>%1 (this computer, not the remote model)</source>
        <translation>%1（本机，而非远程模型）</translation>
    </message>
</context>
<context>
    <name>strata::ui::PoolPanel</name>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="19"/>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="20"/>
        <source>%1 µs</source>
        <translation>%1 微秒</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="74"/>
        <location filename="../ui/panels/pool_panel.cpp" line="77"/>
        <location filename="../ui/panels/pool_panel.cpp" line="121"/>
        <source>no model loaded</source>
        <translation>未加载模型</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="87"/>
        <source>Policy in force:</source>
        <translation>当前策略：</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="88"/>
        <source>Workers:</source>
        <translation>工作线程：</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="89"/>
        <source>Busy / spinning:</source>
        <translation>忙碌 / 自旋：</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="90"/>
        <source>Parks:</source>
        <translation>休眠次数：</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="91"/>
        <source>Wasted spin:</source>
        <translation>空转自旋：</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="92"/>
        <source>Completion wait p50 / p99:</source>
        <translation>完成等待 p50 / p99：</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="93"/>
        <source>Adaptive:</source>
        <translation>自适应：</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="94"/>
        <source>GPU wait:</source>
        <translation>GPU 等待方式：</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="107"/>
        <source>adaptive</source>
        <translation>自适应</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="84"/>
        <location filename="../ui/panels/pool_panel.cpp" line="101"/>
        <source>no model on a GPU</source>
        <translation>没有模型在 GPU 上</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="103"/>
        <source>spin</source>
        <translation>自旋</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="105"/>
        <source>yield</source>
        <translation>让出</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="84"/>
        <location filename="../ui/panels/pool_panel.cpp" line="109"/>
        <source>blocking sync</source>
        <translation>阻塞同步</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="25"/>
        <source>%1 + host, %2 batches</source>
        <translation>%1 + 主线程，%2 个批次</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="31"/>
        <source>%1% / %2%</source>
        <translation>%1% / %2%</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="36"/>
        <source>%1 /s</source>
        <translation>%1 次/秒</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="41"/>
        <source>%1% of a core</source>
        <translation>单核的 %1%</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="83"/>
        <location filename="../ui/panels/pool_panel.cpp" line="135"/>
        <source>contended: no spin</source>
        <translation>有争用：不自旋</translation>
    </message>
    <message>
        <location filename="../ui/panels/pool_panel.cpp" line="51"/>
        <source>spin %1 µs, host %2 µs, wake %3 µs</source>
        <translation>自旋 %1 微秒，主线程 %2 微秒，唤醒 %3 微秒</translation>
    </message>
</context>
<context>
    <name>strata::ui::PrefillProgressRow</name>
    <message>
        <location filename="../ui/chat/prefill_progress_row.cpp" line="16"/>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <location filename="../ui/chat/prefill_progress_row.cpp" line="20"/>
        <source>Document reading progress</source>
        <translation>文档读取进度</translation>
    </message>
    <message>
        <location filename="../ui/chat/prefill_progress_row.cpp" line="21"/>
        <source>Reading document: %p%</source>
        <translation>正在读取文档：%p%</translation>
    </message>
    <message>
        <location filename="../ui/chat/prefill_progress_row.cpp" line="24"/>
        <source>Stop reading the document (Esc). What was read is kept, and the rest is read with your next message.</source>
        <translation>停止读取文档（Esc）。已读取的部分会保留，其余部分将随下一条消息读取。</translation>
    </message>
    <message>
        <location filename="../ui/chat/prefill_progress_row.cpp" line="63"/>
        <source>Preparing the document…</source>
        <translation>正在准备文档…</translation>
    </message>
    <message>
        <location filename="../ui/chat/prefill_progress_row.cpp" line="69"/>
        <source>%1 of %2 tokens, %3 tok/s</source>
        <translation>%1 / %2 个 token，%3 tok/s</translation>
    </message>
    <message>
        <location filename="../ui/chat/prefill_progress_row.cpp" line="70"/>
        <source>%1 of %2 tokens, %3 tok/s, %4 left</source>
        <translation>%1 / %2 个 token，%3 tok/s，剩余 %4</translation>
    </message>
    <message>
        <location filename="../ui/chat/prefill_progress_row.cpp" line="78"/>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <location filename="../ui/chat/prefill_progress_row.cpp" line="83"/>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <location filename="../ui/chat/prefill_progress_row.cpp" line="84"/>
        <source>%1 h %2 min</source>
        <translation>%1 小时 %2 分</translation>
    </message>
</context>
<context>
    <name>strata::ui::PrefillTimingsView</name>
    <message>
        <location filename="../ui/panels/prefill_timings_view.cpp" line="16"/>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/panels/prefill_timings_view.cpp" line="21"/>
        <source>last %n chunk(s), %1 tokens</source>
        <translation>
            <numerusform>最近 %n 个块，%1 个 token</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/panels/prefill_timings_view.cpp" line="45"/>
        <source>Streamed prompt:</source>
        <translation>流式传输的提示词：</translation>
    </message>
    <message>
        <location filename="../ui/panels/prefill_timings_view.cpp" line="46"/>
        <source>Routing wait / chunk:</source>
        <translation>等待路由 / 块：</translation>
    </message>
    <message>
        <location filename="../ui/panels/prefill_timings_view.cpp" line="47"/>
        <source>Grouping / chunk:</source>
        <translation>分组 / 块：</translation>
    </message>
    <message>
        <location filename="../ui/panels/prefill_timings_view.cpp" line="48"/>
        <source>Copies in flight / chunk:</source>
        <translation>进行中的复制 / 块：</translation>
    </message>
    <message>
        <location filename="../ui/panels/prefill_timings_view.cpp" line="49"/>
        <source>Waiting for copies / chunk:</source>
        <translation>等待复制 / 块：</translation>
    </message>
    <message>
        <location filename="../ui/panels/prefill_timings_view.cpp" line="50"/>
        <source>GPU on streamed experts / chunk:</source>
        <translation>GPU 计算流式专家 / 块：</translation>
    </message>
    <message>
        <location filename="../ui/panels/prefill_timings_view.cpp" line="56"/>
        <source>Long prompts: nothing streamed to the GPU (a CPU model, or short prompts).</source>
        <translation>长提示词：没有向 GPU 流式传输任何内容（CPU 模型或短提示词）。</translation>
    </message>
</context>
<context>
    <name>strata::ui::ProcessPanel</name>
    <message>
        <location filename="../ui/panels/process_panel.cpp" line="11"/>
        <source>Process CPU use, last minute</source>
        <translation>进程 CPU 占用（最近一分钟）</translation>
    </message>
    <message>
        <location filename="../ui/panels/process_panel.cpp" line="13"/>
        <source>CPU %</source>
        <translation>CPU %</translation>
    </message>
    <message>
        <location filename="../ui/panels/process_panel.cpp" line="21"/>
        <source>CPU %1% (100% = one core) · RAM %2 MiB</source>
        <translation>CPU %1%（100% = 一个核心）· 内存 %2 MiB</translation>
    </message>
</context>
<context>
    <name>strata::ui::ReasoningView</name>
    <message>
        <location filename="../ui/chat/reasoning_view.cpp" line="15"/>
        <location filename="../ui/chat/reasoning_view.cpp" line="27"/>
        <source>Reasoning</source>
        <translation>推理过程</translation>
    </message>
    <message>
        <location filename="../ui/chat/reasoning_view.cpp" line="16"/>
        <source>Show or hide the model&apos;s reasoning</source>
        <translation>显示或隐藏模型的推理过程</translation>
    </message>
</context>
<context>
    <name>strata::ui::RemoteModelDialog</name>
    <message>
        <location filename="../ui/chat/remote_model_dialog.cpp" line="21"/>
        <source>Remote server</source>
        <translation>远程服务器</translation>
    </message>
    <message>
        <location filename="../ui/chat/remote_model_dialog.cpp" line="30"/>
        <source>the name the server lists under /v1/models</source>
        <translation>服务器在 /v1/models 中列出的名称</translation>
    </message>
    <message>
        <location filename="../ui/chat/remote_model_dialog.cpp" line="41"/>
        <source>Chat with a model on a server that speaks the OpenAI API: vLLM, llama.cpp&apos;s llama-server, Ollama, LM Studio or another Strata.</source>
        <translation>与支持 OpenAI API 的服务器上的模型聊天：vLLM、llama.cpp 的 llama-server、Ollama、LM Studio 或另一个 Strata。</translation>
    </message>
    <message>
        <location filename="../ui/chat/remote_model_dialog.cpp" line="51"/>
        <source>Server &amp;address:</source>
        <translation>服务器地址(&amp;A)：</translation>
    </message>
    <message>
        <location filename="../ui/chat/remote_model_dialog.cpp" line="52"/>
        <source>API &amp;key:</source>
        <translation>API 密钥(&amp;K)：</translation>
    </message>
    <message>
        <location filename="../ui/chat/remote_model_dialog.cpp" line="57"/>
        <source>&amp;Model:</source>
        <translation>模型(&amp;M)：</translation>
    </message>
    <message>
        <location filename="../ui/chat/remote_model_dialog.cpp" line="18"/>
        <source>&amp;List models</source>
        <translation>列出模型(&amp;L)</translation>
    </message>
    <message>
        <location filename="../ui/chat/remote_model_dialog.cpp" line="71"/>
        <source>Edit remote server</source>
        <translation>编辑远程服务器</translation>
    </message>
    <message>
        <location filename="../ui/chat/remote_model_dialog.cpp" line="90"/>
        <source>Asking %1 for its models...</source>
        <translation>正在向 %1 查询模型...</translation>
    </message>
    <message>
        <location filename="../ui/chat/remote_model_dialog.cpp" line="26"/>
        <source>none, or the one kept for this server</source>
        <translation>无，或使用为此服务器保存的密钥</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/chat/remote_model_dialog.cpp" line="109"/>
        <source>The server lists %n model(s): choose one in the list.</source>
        <translation>
            <numerusform>服务器列出了 %n 个模型：请在列表中选择一个。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>strata::ui::SamplingSettingsForm</name>
    <message>
        <location filename="../ui/settings/sampling_settings_form.cpp" line="16"/>
        <source>&amp;Temperature:</source>
        <translation>温度(&amp;T)：</translation>
    </message>
    <message>
        <location filename="../ui/settings/sampling_settings_form.cpp" line="17"/>
        <source>Top-&amp;k:</source>
        <translation>Top-&amp;k：</translation>
    </message>
    <message>
        <location filename="../ui/settings/sampling_settings_form.cpp" line="18"/>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location filename="../ui/settings/sampling_settings_form.cpp" line="19"/>
        <source>Top-&amp;p:</source>
        <translation>Top-&amp;p：</translation>
    </message>
    <message>
        <location filename="../ui/settings/sampling_settings_form.cpp" line="20"/>
        <source>&amp;Min-p:</source>
        <translation>&amp;Min-p：</translation>
    </message>
    <message>
        <location filename="../ui/settings/sampling_settings_form.cpp" line="22"/>
        <source>&amp;Repeat penalty:</source>
        <translation>重复惩罚(&amp;R)：</translation>
    </message>
    <message>
        <location filename="../ui/settings/sampling_settings_form.cpp" line="23"/>
        <source>Ma&amp;x reply tokens:</source>
        <translation>最大回复 token 数(&amp;X)：</translation>
    </message>
    <message>
        <location filename="../ui/settings/sampling_settings_form.cpp" line="24"/>
        <source>S&amp;eed:</source>
        <translation>随机种子(&amp;E)：</translation>
    </message>
    <message>
        <location filename="../ui/settings/sampling_settings_form.cpp" line="25"/>
        <source>random</source>
        <translation>随机</translation>
    </message>
    <message>
        <location filename="../ui/settings/sampling_settings_form.cpp" line="26"/>
        <source>&amp;Leave the oldest messages out when a chat outgrows the context</source>
        <translation>聊天超出上下文长度时省略最早的消息(&amp;L)</translation>
    </message>
    <message>
        <location filename="../ui/settings/sampling_settings_form.cpp" line="28"/>
        <source>The chat goes on; the model no longer reads its oldest messages (the system prompt stays). Off: a message that does not fit fails.</source>
        <translation>聊天可以继续；模型不再读取最早的消息（系统提示词保留）。关闭时：放不下的消息会失败。</translation>
    </message>
    <message>
        <location filename="../ui/settings/sampling_settings_form.cpp" line="30"/>
        <source>Long chats:</source>
        <translation>长聊天：</translation>
    </message>
</context>
<context>
    <name>strata::ui::ServerPanel</name>
    <message>
        <location filename="../ui/server/server_panel.cpp" line="28"/>
        <source>127.0.0.1: this computer only. Any other address lets other machines connect and needs an API key.</source>
        <translation>127.0.0.1：仅限本机。任何其他地址都允许其他机器连接，并且需要 API 密钥。</translation>
    </message>
    <message>
        <location filename="../ui/server/server_panel.cpp" line="32"/>
        <source>any free port</source>
        <translation>任意空闲端口</translation>
    </message>
    <message>
        <location filename="../ui/server/server_panel.cpp" line="35"/>
        <source>none (this computer only)</source>
        <translation>无（仅限本机）</translation>
    </message>
    <message>
        <location filename="../ui/server/server_panel.cpp" line="39"/>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <location filename="../ui/server/server_panel.cpp" line="40"/>
        <source>A client must send each request&apos;s headers within this many seconds; slower ones are cut off, so they cannot hold the server&apos;s connections.</source>
        <translation>客户端必须在这么多秒内发送完每个请求的请求头；更慢的连接会被断开，以免它们占住服务器的连接。</translation>
    </message>
    <message>
        <location filename="../ui/server/server_panel.cpp" line="53"/>
        <source>Address</source>
        <translation>地址</translation>
    </message>
    <message>
        <location filename="../ui/server/server_panel.cpp" line="54"/>
        <source>Port</source>
        <translation>端口</translation>
    </message>
    <message>
        <location filename="../ui/server/server_panel.cpp" line="55"/>
        <source>API key</source>
        <translation>API 密钥</translation>
    </message>
    <message>
        <location filename="../ui/server/server_panel.cpp" line="56"/>
        <source>Header timeout</source>
        <translation>请求头超时</translation>
    </message>
    <message>
        <location filename="../ui/server/server_panel.cpp" line="62"/>
        <source>Requests</source>
        <translation>请求</translation>
    </message>
    <message>
        <location filename="../ui/server/server_panel.cpp" line="106"/>
        <source>Stop server</source>
        <translation>停止服务器</translation>
    </message>
    <message>
        <location filename="../ui/server/server_panel.cpp" line="108"/>
        <source>Serving the loaded model at %1 (OpenAI and Anthropic APIs).</source>
        <translation>正在 %1 提供已加载的模型（OpenAI 与 Anthropic API）。</translation>
    </message>
    <message>
        <location filename="../ui/server/server_panel.cpp" line="109"/>
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <location filename="../ui/server/server_panel.cpp" line="116"/>
        <source>Start server</source>
        <translation>启动服务器</translation>
    </message>
    <message>
        <location filename="../ui/server/server_panel.cpp" line="118"/>
        <source>The server is off.</source>
        <translation>服务器已关闭。</translation>
    </message>
    <message>
        <location filename="../ui/server/server_panel.cpp" line="136"/>
        <source>Decoding at %1 tok/s</source>
        <translation>解码速度 %1 tok/s</translation>
    </message>
</context>
<context>
    <name>strata::ui::SettingsDialog</name>
    <message>
        <location filename="../ui/settings/settings_dialog.cpp" line="21"/>
        <source>&amp;Reload model now</source>
        <translation>立即重新加载模型(&amp;R)</translation>
    </message>
    <message>
        <location filename="../ui/settings/settings_dialog.cpp" line="24"/>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <location filename="../ui/settings/settings_dialog.cpp" line="28"/>
        <source>&amp;Engine</source>
        <translation>引擎(&amp;E)</translation>
    </message>
    <message>
        <location filename="../ui/settings/settings_dialog.cpp" line="33"/>
        <source>New chats start with these values; change one chat&apos;s own in Chat settings.</source>
        <translation>新聊天以这些值开始；单个聊天的值可在“聊天设置”中修改。</translation>
    </message>
    <message>
        <location filename="../ui/settings/settings_dialog.cpp" line="38"/>
        <source>&amp;New chats</source>
        <translation>新聊天(&amp;N)</translation>
    </message>
    <message>
        <location filename="../ui/settings/settings_dialog.cpp" line="39"/>
        <source>&amp;Appearance</source>
        <translation>外观(&amp;A)</translation>
    </message>
    <message>
        <location filename="../ui/settings/settings_dialog.cpp" line="45"/>
        <source>The loaded model runs with other engine settings. Threads, affinity, context length, KV cache type, batch size, device and VRAM budget take effect when the model is reloaded.</source>
        <translation>已加载的模型仍在使用其他引擎设置。线程数、亲和性、上下文长度、KV 缓存类型、批大小、设备和显存预算会在重新加载模型后生效。</translation>
    </message>
</context>
<context>
    <name>strata::ui::TokenRatePanel</name>
    <message>
        <location filename="../ui/panels/token_rate_panel.cpp" line="18"/>
        <source>Tokens per second, last minute</source>
        <translation>每秒 token 数（最近一分钟）</translation>
    </message>
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
        <location filename="../ui/panels/token_rate_panel.cpp" line="50"/>
        <source>Prefill — · Decode —</source>
        <translation>Prefill — · Decode —</translation>
    </message>
    <message>
        <location filename="../ui/panels/token_rate_panel.cpp" line="55"/>
        <source>Remote model · Decode %1 tok/s · first token: after the first reply</source>
        <translation>远程模型 · Decode %1 tok/s · 首个词元用时：首次回复后显示</translation>
    </message>
    <message>
        <location filename="../ui/panels/token_rate_panel.cpp" line="58"/>
        <source>Remote model · Decode %1 tok/s · last reply %2 tok/s, first token after %3 ms</source>
        <translation>远程模型 · Decode %1 tok/s · 上次回复 %2 tok/s，首个词元用时 %3 ms</translation>
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
        <translation>自适应</translation>
    </message>
    <message>
        <location filename="../ui/panels/wait_policy_bar.cpp" line="21"/>
        <source>Fixed spin</source>
        <translation>固定自旋</translation>
    </message>
    <message>
        <location filename="../ui/panels/wait_policy_bar.cpp" line="22"/>
        <source>Park</source>
        <translation>休眠</translation>
    </message>
    <message>
        <location filename="../ui/panels/wait_policy_bar.cpp" line="23"/>
        <source>Worker waiting policy</source>
        <translation>工作线程等待策略</translation>
    </message>
    <message>
        <location filename="../ui/panels/wait_policy_bar.cpp" line="24"/>
        <source>How the engine&apos;s idle worker threads wait for the next batch. Applied at once, also while a reply is being generated.</source>
        <translation>引擎的空闲工作线程如何等待下一批任务。立即生效，生成回复期间也同样适用。</translation>
    </message>
    <message>
        <location filename="../ui/panels/wait_policy_bar.cpp" line="29"/>
        <source> µs</source>
        <translation> 微秒</translation>
    </message>
    <message>
        <location filename="../ui/panels/wait_policy_bar.cpp" line="30"/>
        <source>Spin time in microseconds</source>
        <translation>自旋时间（微秒）</translation>
    </message>
    <message>
        <location filename="../ui/panels/wait_policy_bar.cpp" line="34"/>
        <source>&amp;Waiting:</source>
        <translation>等待方式(&amp;W)：</translation>
    </message>
</context>
<context>
    <name>strata::ui::WelcomeView</name>
    <message>
        <location filename="../ui/chat/welcome_view.cpp" line="16"/>
        <source>&lt;h2&gt;Welcome to Strata&lt;/h2&gt;&lt;p&gt;Strata runs language models on this computer. Nothing you write leaves it.&lt;/p&gt;&lt;p&gt;To start, you need a model file in the &lt;b&gt;GGUF&lt;/b&gt; format. Download one in the model manager, or open a GGUF file you already have. Small models (1 to 4 billion parameters, quantized to Q4_K or Q8_0) run well on most computers.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;欢迎使用 Strata&lt;/h2&gt;&lt;p&gt;Strata 在这台电脑上运行语言模型。你输入的任何内容都不会离开这台电脑。&lt;/p&gt;&lt;p&gt;开始之前，你需要一个 &lt;b&gt;GGUF&lt;/b&gt; 格式的模型文件。可以在模型管理器中下载，也可以打开已有的 GGUF 文件。小模型（10 亿到 40 亿参数，量化为 Q4_K 或 Q8_0）在大多数电脑上都能流畅运行。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../ui/chat/welcome_view.cpp" line="26"/>
        <source>&amp;Get a model...</source>
        <translation>获取模型(&amp;G)…</translation>
    </message>
    <message>
        <location filename="../ui/chat/welcome_view.cpp" line="30"/>
        <source>Open &amp;GGUF file...</source>
        <translation>打开 GGUF 文件(&amp;G)…</translation>
    </message>
</context>
</TS>
