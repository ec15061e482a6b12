/** The script the dev server adds to each page: reloads on rebuild, shows compile errors as an overlay. */
export const LIVE_EVENTS_PATH = '/_docsite/events';

export function liveClientScript(): string {
  return `<script>(function(){
var es=new EventSource(${JSON.stringify(LIVE_EVENTS_PATH)});
function esc(s){return String(s).replace(/[&<>"]/g,function(c){return {'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}[c]})}
es.addEventListener('reload',function(){location.reload()});
es.addEventListener('error-report',function(e){
  var errors=JSON.parse(e.data);var box=document.getElementById('docsite-error-overlay');
  if(!box){box=document.createElement('div');box.id='docsite-error-overlay';document.body.appendChild(box)}
  box.innerHTML=${JSON.stringify(overlayShell())}.replace('%ERRORS%',errors.map(function(x){return '<section><p class="docsite-overlay-loc">'+esc(x.location||'')+'</p><p class="docsite-overlay-msg">'+esc(x.message)+'</p>'+(x.frame?'<pre>'+esc(x.frame)+'</pre>':'')+(x.hint?'<p class="docsite-overlay-hint">'+esc(x.hint)+'</p>':'')+'</section>'}).join(''));
});
})();</script>`;
}

/** Styles and frame of the overlay; `%ERRORS%` is replaced with one section per error. */
export function overlayShell(): string {
  return [
    '<div role="alertdialog" aria-labelledby="docsite-overlay-title" style="position:fixed;inset:0;z-index:2147483647;background:rgba(10,12,20,.92);color:#f5f5f5;overflow:auto;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace;padding:32px">',
    '<style>#docsite-error-overlay pre,.docsite-overlay pre{background:#1b1e2b;padding:12px;border-radius:6px;overflow:auto;color:#e6e6e6}.docsite-overlay-loc{color:#ff8f8f;font-weight:bold;margin:0}.docsite-overlay-msg{font-size:16px;margin:4px 0 8px}.docsite-overlay-hint{color:#9fd3ff}</style>',
    '<h1 id="docsite-overlay-title" style="color:#ff6b6b;font-size:18px;margin:0 0 16px">Failed to compile</h1>',
    '%ERRORS%',
    '<p style="color:#aaa">Fix the file and save: the page reloads by itself.</p></div>',
  ].join('');
}
