/** Português (Brasil): the panels' words. */
import type { PanelTable } from "../PanelStrings.ts"

const pt: PanelTable = {
  loading: "Carregando…",
  ended: "Esta solicitação não está mais esperando por você.",
  sessionExpired: "Sessão expirada: entre novamente.",
  failed: "Algo deu errado. Tente novamente.",
  trust: {
    site: "Solicitado por",
    marker: "O sinal da sua carteira",
    noMarker: "O sinal da sua carteira aparece aqui quando sua carteira estiver configurada neste navegador.",
    markerIntro: "O sinal da sua carteira neste navegador é {sign}. Os painéis da sua carteira sempre o mostram no topo: nunca digite um código nem aprove nada onde ele faltar."
  },
  guard: {
    steady: "Um momento: os botões funcionam depois que este painel ficar totalmente visível por um instante.",
    hidden: "Este painel está encoberto ou não consegue provar que está visível. Decida em uma janela própria da carteira.",
    openWindow: "Abrir a janela da carteira",
    windowOpened: "Continue na janela da carteira.",
    windowBlocked: "O navegador bloqueou a janela da carteira. Permita pop-ups para este site e tente novamente."
  },
  otp: {
    title: "Digite seu código",
    sentTo: "Digite o código de 6 dígitos que enviamos para {email}. Digite-o somente aqui, no painel próprio da sua carteira.",
    sentToCurrent: "Digite o código de 6 dígitos que enviamos para seu e-mail atual.",
    sentToNew: "Agora digite o código de 6 dígitos que enviamos para {email}.",
    label: "Código",
    submit: "Confirmar",
    wrong: "Esse código não está certo. {triesLeft, plural, one {Resta # tentativa} many {Restam # de tentativas} other {Restam # tentativas}}.",
    expired: "Este código expirou. Peça um novo.",
    locked: "Códigos errados demais. Peça um novo.",
    emailInUse: "Este e-mail pertence a outra conta.",
    done: "Código confirmado."
  },
  approve: {
    titles: {
      personal_sign: "Assinar mensagem",
      eth_signTypedData_v4: "Assinar dados estruturados",
      eth_sendTransaction: "Enviar transação",
      wallet_sendCalls: "Enviar chamadas",
      solana_signMessage: "Assinar mensagem",
      solana_signTransaction: "Assinar transação",
      solana_signAllTransactions: "Assinar transações",
      solana_signAndSendTransaction: "Enviar transação"
    },
    fallbackTitle: "Aprovar solicitação",
    network: "Rede",
    from: "De",
    to: "Para",
    contractCreation: "Novo contrato",
    value: "Valor",
    data: "Dados",
    message: "Mensagem",
    typedDataType: "Tipo",
    domain: "Domínio",
    transaction: "Transação {index} de {count}",
    fee: "Taxa de rede (máxima)",
    approve: "Aprovar",
    reject: "Recusar",
    approved: "Aprovada",
    rejected: "Recusada",
    unknownNetwork: "Rede desconhecida ({chainId})",
    truncated: "Esta solicitação é maior do que a carteira consegue mostrar: uma parte foi cortada aqui.",
    unreadable: "A carteira não consegue dizer o que esta chamada faz. Aprove só se confiar no site e souber o que ele pede."
  },
  intent: {
    action: "Ação",
    transfer: "Enviar tokens",
    approve: "Permitir gastar seus tokens",
    nftApprove: "Permitir transferir um colecionável",
    nftTransfer: "Enviar colecionáveis",
    approvalForAll: "Permitir transferir uma coleção inteira",
    revokeAll: "Retirar a permissão sobre uma coleção inteira",
    permit: "Assinatura que permite gastar seus tokens (Permit)",
    permit2: "Assinatura que permite gastar seus tokens (Permit2)",
    solTransfer: "Enviar SOL",
    program: "Chamada de programa",
    token: "Token",
    amount: "Valor",
    sender: "De",
    recipient: "Para",
    spender: "Autorizado a gastar",
    operator: "Operador",
    items: "Itens",
    until: "Válido até",
    authority: "Assinado por",
    writable: "Contas que pode alterar",
    unlimited: "Ilimitado: o autorizado pode levar todo este token que você tiver, agora e depois.",
    wholeCollection: "O operador pode levar cada item desta coleção que você tiver, agora e depois.",
    changes: "O que muda na sua carteira",
    noChanges: "Nada muda na sua carteira.",
    simulationUnavailable: "Esta rede não consegue simular a solicitação, então seu efeito não pôde ser verificado: leia acima o que ela faz.",
    simulationReverted: "A simulação falhou: esta solicitação provavelmente falharia. {reason}"
  },
  setup: {
    title: "Proteja sua carteira",
    intro: "Se este navegador esquecer sua carteira, você a recupera com uma chave de acesso ou um código de recuperação.",
    passkey: "Criar uma chave de acesso",
    useCode: "Usar um código de recuperação",
    codeIntro: "Anote este código de recuperação e guarde-o em um lugar seguro. Ele aparece só uma vez.",
    saved: "Já guardei meu código de recuperação",
    finish: "Criar minha carteira",
    passkeyUnavailable: "Esta chave de acesso não consegue proteger sua carteira. Use um código de recuperação.",
    passkeyCancelled: "A chave de acesso não foi criada. Tente novamente ou use um código de recuperação.",
    done: "Sua carteira está pronta."
  },
  recover: {
    title: "Recupere sua carteira",
    introPasskey: "Este navegador ainda não conhece sua carteira. Abra-a com sua chave de acesso.",
    introCode: "Este navegador ainda não conhece sua carteira. Digite seu código de recuperação para abri-la.",
    passkey: "Usar minha chave de acesso",
    codeLabel: "Código de recuperação",
    submit: "Recuperar",
    invalidCode: "Este não é o código de recuperação: confira se há erros de digitação.",
    wrongFactor: "Este código não abre sua carteira.",
    passkeyCancelled: "A chave de acesso não foi usada. Tente novamente.",
    done: "Sua carteira está aberta."
  },
  export: {
    title: "Exporte suas chaves",
    warning: "Quem vir estas informações pode levar tudo o que está na sua carteira. Nunca as compartilhe e só as mostre onde ninguém estiver olhando.",
    show: "Mostrar minhas chaves",
    cancel: "Cancelar",
    phrase: "Frase de recuperação",
    evmKey: "Chave privada EVM",
    solanaKey: "Chave privada Solana",
    copy: "Copiar",
    copied: "Copiado",
    copyFailed: "Não é permitido copiar aqui: selecione o texto.",
    done: "Concluído"
  }
}

export default pt
